import { localDay, type Meal } from '@fodmap/contracts';

/** Meals by the person's local day, newest day first; the server already sends them newest first. */
export function groupByDay(meals: readonly Meal[], timeZone: string): { day: string; meals: Meal[] }[] {
  const days = new Map<string, Meal[]>();
  for (const meal of meals) {
    const day = localDay(meal.timestamp, timeZone);
    days.set(day, [...(days.get(day) ?? []), meal]);
  }
  return [...days.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([day, dayMeals]) => ({ day, meals: dayMeals }));
}
