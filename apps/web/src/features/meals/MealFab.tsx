import { Fab } from '@mui/material';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import { PHONE_MAX_WIDTH } from '../../components/PhoneFrame';

/** MUI's bottom tab bar and large button heights, and how far the button floats above the bar. */
const TAB_BAR_HEIGHT = 56;
const FAB_SIZE = 56;
const FAB_LIFT = 16;

/** Room under a screen's last card so that everything can scroll clear of the button, with a gap above it. */
export const MEAL_FAB_ROOM = FAB_LIFT + FAB_SIZE + 24;

/** Spec §2: the floating meal button of the dashboard and Food Search, above the tab bar, within thumb reach; its screens end with MEAL_FAB_ROOM. */
export function MealFab({ onClick, count }: { onClick: () => void; count: number }) {
  return (
    <Fab
      color="primary"
      variant={count > 0 ? 'extended' : 'circular'}
      aria-label={count > 0 ? `Build Your Meal, ${count} food${count === 1 ? '' : 's'} so far` : 'Build Your Meal'}
      onClick={onClick}
      sx={{
        position: 'fixed',
        bottom: `calc(${TAB_BAR_HEIGHT + FAB_LIFT}px + env(safe-area-inset-bottom))`,
        // Inside the phone column on a wide screen, at the screen's edge on a phone.
        right: `max(16px, calc((100vw - ${PHONE_MAX_WIDTH}px) / 2 + 16px))`,
        zIndex: 'speedDial',
      }}
    >
      <RestaurantIcon sx={{ mr: count > 0 ? 1 : 0 }} />
      {count > 0 && count}
    </Fab>
  );
}
