import CookieIcon from '@mui/icons-material/Cookie';
import DinnerDiningIcon from '@mui/icons-material/DinnerDining';
import FreeBreakfastIcon from '@mui/icons-material/FreeBreakfast';
import LunchDiningIcon from '@mui/icons-material/LunchDining';
import type { SvgIconProps } from '@mui/material';
import type { MealType } from '@fodmap/contracts';

const ICONS = { breakfast: FreeBreakfastIcon, lunch: LunchDiningIcon, dinner: DinnerDiningIcon, snack: CookieIcon } as const;

export function MealTypeIcon({ mealType, ...props }: { mealType: MealType } & SvgIconProps) {
  const Icon = ICONS[mealType];
  return <Icon aria-hidden {...props} />;
}
