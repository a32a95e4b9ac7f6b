// The journal's reads, on the dashboard's first screen: saving a new meal is create-meal.ts and changing a saved one
// meal-changes.ts, each loaded with what uses it, so that neither the scoring nor useMutation comes with the first screen.
import { localDay, type DashboardStats, type Meal } from '@fodmap/contracts';
import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { INSIGHTS_PATH } from '../../lib/insights-path';
import { FOODS_PATH } from '../foods/foods-api';

/** Spec §7: every read is keyed by its path; the journal's read paths, all here. */
export const MEALS_PATH = '/api/meals';
export const TODAY_MEALS_PATH = `${MEALS_PATH}?todayOnly=true`;
/** GET /api/meals?date=: the meals of one of the person's own days. */
export const mealsOnPath = (day: string) => `${MEALS_PATH}?date=${day}`;
export const mealPath = (id: number) => `${MEALS_PATH}/${id}`;
export const DASHBOARD_STATS_PATH = '/api/dashboard/stats';
export const SYMPTOMS_PATH = '/api/symptoms';
export const symptomsOnPath = (day: string) => `${SYMPTOMS_PATH}?date=${day}`;

/** GET /api/meals?todayOnly=true: the home screen's meals, for the person's own today. */
export function useTodayMeals() {
  return useQuery<Meal[]>({ queryKey: [TODAY_MEALS_PATH] });
}

/** One meal with its foods and symptoms; the list's copy is shown while the meal's own read is on its way. */
export function useMeal(id: number, listed?: Meal) {
  return useQuery<Meal>({ queryKey: [mealPath(id)], placeholderData: listed, enabled: id > 0 });
}

/**
 * The meals of one of the person's own days, newest first; today's are the home screen's read. `rereadOnVisit`: read
 * again each time the screen is shown, for a screen that must show what was logged elsewhere meanwhile (an email link).
 */
export function useMealsOfDay(day: string, timeZone: string, rereadOnVisit = false) {
  return useQuery<Meal[]>({ queryKey: [day === localDay(new Date(), timeZone) ? TODAY_MEALS_PATH : mealsOnPath(day)], refetchOnMount: rereadOnVisit ? 'always' : undefined });
}

export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: [DASHBOARD_STATS_PATH] });
}

/** The meal, symptom and stats reads: few, and any of them may be on the next screen. */
const JOURNAL_READS = [MEALS_PATH, SYMPTOMS_PATH, DASHBOARD_STATS_PATH];
const readOf = (paths: readonly string[]) => (query: Query) => paths.some((path) => String(query.queryKey[0]).startsWith(path));

/**
 * Spec §7: after a change, food, meal, symptom and dashboard-stats reads are read again. The journal's are read
 * again on screen or not, so that going back to another screen never shows a deleted meal; of the many food
 * searches and the insights (a meal moved in time changes them, issue 18), those on screen are, the rest when next shown.
 */
export function refreshJournal(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: readOf(JOURNAL_READS), refetchType: 'all' }),
    queryClient.invalidateQueries({ predicate: readOf([FOODS_PATH, `${INSIGHTS_PATH}/`]) }),
  ]);
}

/** The meal lists (all, today's, a day's): not one meal's own read, which shares their path's start. */
export const isMealList = (query: Query) => {
  const path = String(query.queryKey[0]);
  return path === MEALS_PATH || path.startsWith(`${MEALS_PATH}?`);
};

/** The meal lists a meal belongs in: every meal, its day's, and today's when it is of today. */
function listsOf(meal: Meal, timeZone: string): string[] {
  const day = localDay(meal.timestamp, timeZone);
  return [MEALS_PATH, mealsOnPath(day), ...(day === localDay(new Date(), timeZone) ? [TODAY_MEALS_PATH] : [])];
}

/** A new meal in the lists held that it belongs in (shown or not), in its place by time, before the server's lists follow. */
export function showNewMeal(queryClient: QueryClient, meal: Meal, timeZone: string) {
  for (const path of listsOf(meal, timeZone)) {
    queryClient.setQueryData<Meal[]>([path], (meals) =>
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
