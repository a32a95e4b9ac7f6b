import { Alert, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { serverMessage } from '@fodmap/web-client';
import { useEffect, useState } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { useTimeZone } from '../symptoms/symptoms-api';
import { MealCard } from './MealCard';
import { useMealDetails } from './MealDetailsHost';
import { useTodayMeals } from './meals-api';
import { useMealActions } from './use-meal-actions';

/** Spec §9: meals shown on the home screen before 'View all'. */
export const HOME_MEALS = 4;

/** Spec §2 Dashboard: today's meals, newest first; 4 at first, all in the full view. */
export function TodayMeals({ onUnauthorized, onStart }: { onUnauthorized: (error: unknown) => boolean; onStart: () => void }) {
  const meals = useTodayMeals();
  const timeZone = useTimeZone();
  const actions = useMealActions();
  const details = useMealDetails(timeZone, onUnauthorized);
  const [all, setAll] = useState(false);

  useEffect(() => {
    if (meals.error) onUnauthorized(meals.error);
  }, [meals.error, onUnauthorized]);

  const list = meals.data ?? [];
  const shown = all ? list : list.slice(0, HOME_MEALS);

  return (
    <Card variant="outlined" component="section" aria-labelledby="today-meals-title">
      <CardContent>
        <Typography id="today-meals-title" variant="subtitle1" component="h2" fontWeight={600} gutterBottom>
          Today's meals
        </Typography>
        {meals.error ? (
          <Alert severity="error">{serverMessage(meals.error, 'Could not load today’s meals. Please try again.')}</Alert>
        ) : meals.isPending ? (
          <CenteredSpinner />
        ) : list.length === 0 ? (
          <Stack spacing={1} alignItems="flex-start">
            <Typography variant="body2" color="text.secondary">
              No meals logged today yet.
            </Typography>
            <Button onClick={onStart}>Log your first meal</Button>
          </Stack>
        ) : (
          <Stack spacing={1.5}>
            {shown.map((meal) => (
              <MealCard key={meal.id} meal={meal} timeZone={timeZone} onOpen={details.open} onRepeat={(chosen) => actions.repeat(chosen)} repeating={actions.repeating === meal.id} />
            ))}
            {list.length > HOME_MEALS && (
              <Button onClick={() => setAll((current) => !current)}>{all ? 'Show fewer' : `View all (${list.length})`}</Button>
            )}
          </Stack>
        )}
      </CardContent>
      {details.dialog}
    </Card>
  );
}
