import { type Meal, todayIn } from '@fodmap/contracts';
import { useQueries } from '@tanstack/react-query';
import { shiftDay } from '../symptoms/symptom-format';
import { mealsOnQuery, todayMealsQuery } from './meals-api';

// Apart from meals-api: only the meal forms read a week (and useQueries), never the home screen's first paint.

/** Days read for the usual time of each meal type: a week holds each habit several times. */
const RECENT_DAYS = 7;

/**
 * The person's meals of the last week (today's from the home screen's read), read only while `enabled`: a form that
 * offers the usual time of a meal type asks for them while it is open.
 */
export function useRecentMeals(timeZone: string, enabled: boolean): Meal[] {
  const today = todayIn(timeZone);
  const reads = [todayMealsQuery(), ...Array.from({ length: RECENT_DAYS - 1 }, (_, back) => mealsOnQuery(shiftDay(today, -(back + 1))))];
  return useQueries({
    queries: reads.map((read) => ({ ...read, enabled })),
    combine: (results) => results.flatMap((result) => result.data ?? []),
  });
}
