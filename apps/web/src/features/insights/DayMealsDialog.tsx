import { Alert, Box, Dialog, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { GRAMS, InsightsMessages, type Meal, type MealFood, SERVING } from '@fodmap/contracts';
import { useId } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { FodmapRatingBadge } from '../foods/FodmapBadges';
import { amountOf } from '../meals/MealCard';
import { MealTypeIcon } from '../meals/MealTypeIcon';
import { timeOfDay } from '../symptoms/symptom-format';
import { useTimeZone } from '../symptoms/symptoms-api';
import { useDayMeals } from './insights-api';
import { shortDate } from './insights-format';
import { useUnauthorizedRead } from '../session/use-unauthorized';
import { useBackToClose } from '../../lib/use-back-to-close';

const foodNameOf = (entry: MealFood) => entry.food.name.trim() || InsightsMessages.unknownFood;

/** What the amount was: a serving's own size ('1 serving · 2 slices (42 g)'), else its weight when known. */
function portionOf(entry: MealFood): string {
  if (entry.servingUnit === SERVING && entry.servingSize) return ` · ${entry.servingSize}`;
  return entry.grams === null || entry.servingUnit === GRAMS ? '' : ` · ${Math.round(entry.grams)} g`;
}

function FoodLine({ entry }: { entry: MealFood }) {
  return (
    <Stack component="li" direction="row" spacing={1} alignItems="center">
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" fontWeight={500} sx={{ overflowWrap: 'anywhere' }}>
          {foodNameOf(entry)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {amountOf(entry)}
          {portionOf(entry)}
        </Typography>
      </Box>
      <FodmapRatingBadge rating={entry.ratingAtQuantity} checkLabel={entry.food.checkLabel} />
    </Stack>
  );
}

function DayMeal({ meal, timeZone }: { meal: Meal; timeZone: string }) {
  return (
    <Box component="article" aria-label={meal.name} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <MealTypeIcon mealType={meal.mealType} color="primary" />
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {meal.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {timeOfDay(meal.timestamp, timeZone)}
        </Typography>
      </Stack>
      <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={`Foods in ${meal.name}`}>
        {meal.foods.map((entry) => (
          <FoodLine key={entry.id} entry={entry} />
        ))}
      </Stack>
      {meal.notes && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {meal.notes}
        </Typography>
      )}
    </Box>
  );
}

function DayMeals({ day }: { day: string }) {
  const meals = useDayMeals(day);
  const timeZone = useTimeZone();
  useUnauthorizedRead(meals.error);
  if (meals.error) return <Alert severity="error">{InsightsMessages.mealsFetchFailed}</Alert>;
  if (meals.isPending) return <CenteredSpinner />;
  if (meals.data.length === 0) {
    return (
      <Typography color="text.secondary" textAlign="center" sx={{ py: 3 }}>
        {InsightsMessages.noMealsForDay}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {meals.data.map((meal) => (
        <DayMeal key={meal.id} meal={meal} timeZone={timeZone} />
      ))}
    </Stack>
  );
}

/** Spec §2 Advanced Analytics: the meals of a day chosen in the list, 'Meals for {date}'. */
export function DayMealsDialog({ day, open, onClose }: { day: string | null; open: boolean; onClose: () => void }) {
  const titleId = useId();
  useBackToClose(open, onClose);
  return (
    <Dialog open={open} onClose={onClose} fullWidth scroll="paper" aria-labelledby={titleId} sx={{ '& .MuiDialog-paper': { mx: 1.5, width: 'calc(100% - 24px)' } }}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {day && InsightsMessages.mealsForDate(shortDate(day))}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{day && <DayMeals day={day} />}</DialogContent>
    </Dialog>
  );
}
