// The journal's reads, on the dashboard's first screen: saving a new meal is create-meal.ts and changing a saved one
// meal-changes.ts, each loaded with what uses it, so that neither the scoring nor useMutation comes with the first screen.
import { dashboardRoutes, localDay, mealRoutes, symptomRoutes, type Meal, todayIn } from '@fodmap/contracts';
import { isReadOf, routeQuery } from '@fodmap/web-client';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isInsightsRead } from '../../lib/insights-reads';
import { isFoodRead } from '../foods/foods-api';

/** GET /api/meals?todayOnly=true: the home screen's meals, for the person's own today. */
export const todayMealsQuery = () => routeQuery(mealRoutes.list, { query: { todayOnly: true } });
/** GET /api/meals?date=: the meals of one of the person's own days. */
export const mealsOnQuery = (day: string) => routeQuery(mealRoutes.list, { query: { date: day } });
export const mealQuery = (id: number) => routeQuery(mealRoutes.get, { params: { id } });
/** GET /api/symptoms?date=: the symptoms of one of the person's own days. */
export const symptomsOnQuery = (day: string) => routeQuery(symptomRoutes.list, { query: { date: day } });

export function useTodayMeals() {
  return useQuery(todayMealsQuery());
}

/** One meal with its foods and symptoms; the list's copy is shown while the meal's own read is on its way. */
export function useMeal(id: number, listed?: Meal) {
  return useQuery({ ...mealQuery(id), placeholderData: listed, enabled: id > 0 });
}

/**
 * The meals of one of the person's own days, newest first; today's are the home screen's read. `rereadOnVisit`: read
 * again each time the screen is shown, for a screen that must show what was logged elsewhere meanwhile (an email link).
 */
export function useMealsOfDay(day: string, timeZone: string, rereadOnVisit = false) {
  const query = day === todayIn(timeZone) ? todayMealsQuery() : mealsOnQuery(day);
  return useQuery({ ...query, refetchOnMount: rereadOnVisit ? 'always' : undefined });
}

export function useDashboardStats() {
  return useQuery(routeQuery(dashboardRoutes.stats));
}

/** The meal, symptom and stats reads: few, and any of them may be on the next screen. */
const isJournalRead = isReadOf(mealRoutes.list, mealRoutes.get, symptomRoutes.list, dashboardRoutes.stats);

/**
 * Spec §7: after a change, food, meal, symptom and dashboard-stats reads are read again. The journal's are read
 * again on screen or not, so that going back to another screen never shows a deleted meal; of the many food
 * searches and the insights (a meal moved in time changes them, issue 18), those on screen are, the rest when next shown.
 */
export function refreshJournal(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: isJournalRead, refetchType: 'all' }),
    queryClient.invalidateQueries({ predicate: (query) => isFoodRead(query) || isInsightsRead(query) }),
  ]);
}

/** The meal lists (all, today's, a day's): not one meal's own read. */
export const isMealList = isReadOf(mealRoutes.list);

/** The meal lists a meal belongs in: every meal, its day's, and today's when it is of today. */
function listsOf(meal: Meal, timeZone: string) {
  const day = localDay(meal.timestamp, timeZone);
  return [routeQuery(mealRoutes.list), mealsOnQuery(day), ...(day === todayIn(timeZone) ? [todayMealsQuery()] : [])];
}

/** A new meal in the lists held that it belongs in (shown or not), in its place by time, before the server's lists follow. */
export function showNewMeal(queryClient: QueryClient, meal: Meal, timeZone: string) {
  for (const { queryKey } of listsOf(meal, timeZone)) {
    queryClient.setQueryData(queryKey, (meals) =>
      meals ? [meal, ...meals.filter((listed) => listed.id !== meal.id)].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)) : meals,
    );
  }
}

export function useRefreshJournal() {
  const queryClient = useQueryClient();
  return useCallback(() => refreshJournal(queryClient), [queryClient]);
}

/** A meal shown before the server has answered (create-meal.ts): negative ids never collide with the server's. */
export const isTemporaryMeal = (meal: Pick<Meal, 'id'>) => meal.id < 0;
