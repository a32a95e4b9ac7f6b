import {
  localDay,
  scoreMealFoods,
  type AddMealFoodInput,
  type CreateMealInput,
  type DashboardStats,
  type Meal,
  type MealType,
  type MessageReply,
  type UpdateMealFoodInput,
  type UpdateMealInput,
} from '@fodmap/contracts';
import { apiRequest, newIdempotencyKey } from '@fodmap/web-client';
import { useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { INSIGHTS_PATH } from '../../lib/insights-path';
import { FOODS_PATH } from '../foods/foods-api';
import { mealFoodOf, type BuilderItem } from './meal-builder';

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
const isMealList = (query: Query) => {
  const path = String(query.queryKey[0]);
  return path === MEALS_PATH || path.startsWith(`${MEALS_PATH}?`);
};

/** The meal lists a meal belongs in: every meal, its day's, and today's when it is of today. */
function listsOf(meal: Meal, timeZone: string): string[] {
  const day = localDay(meal.timestamp, timeZone);
  return [MEALS_PATH, mealsOnPath(day), ...(day === localDay(new Date(), timeZone) ? [TODAY_MEALS_PATH] : [])];
}

/** A new meal in the lists held that it belongs in (shown or not), in its place by time, before the server's lists follow. */
function showNewMeal(queryClient: QueryClient, meal: Meal, timeZone: string) {
  for (const path of listsOf(meal, timeZone)) {
    queryClient.setQueryData<Meal[]>([path], (meals) =>
      meals ? [meal, ...meals.filter((listed) => listed.id !== meal.id)].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)) : meals,
    );
  }
}

/** A deleted meal leaves every meal list held at once, shown or not. */
function hideMeal(queryClient: QueryClient, mealId: number) {
  queryClient.setQueriesData<Meal[]>({ predicate: isMealList }, (meals) => meals?.filter((meal) => meal.id !== mealId));
}

export function useRefreshJournal() {
  const queryClient = useQueryClient();
  return useCallback(() => refreshJournal(queryClient), [queryClient]);
}

export interface NewMeal {
  mealType: MealType;
  name: string;
  /** when it was eaten; null: now, read when the person saves */
  at: Date | null;
  items: readonly BuilderItem[];
}

/** One save as sent: the request's body and its Idempotency-Key, with the foods it shows until the server answers. */
interface MealSave {
  draft: string;
  body: CreateMealInput;
  idempotencyKey: string;
  items: readonly BuilderItem[];
}

/** A meal shown before the server has answered; negative ids never collide with the server's. */
let temporaryIds = 0;
function temporaryMeal({ body, items }: MealSave): Meal {
  temporaryIds -= 1;
  const foods = items.map((item, index) => mealFoodOf(item, temporaryIds * 1000 - index));
  return { id: temporaryIds, name: body.name, mealType: body.mealType, timestamp: body.timestamp, completed: false, notes: null, foods, symptoms: [], ...scoreMealFoods(foods) };
}

export const isTemporaryMeal = (meal: Pick<Meal, 'id'>) => meal.id < 0;

const draftOf = ({ mealType, name, at, items }: NewMeal) =>
  JSON.stringify([mealType, name, at?.toISOString() ?? null, items.map(({ food, quantity, servingUnit }) => [food.id, quantity, servingUnit])]);

/**
 * Issue 18: the meal and all its foods in one request (all or nothing). Its time is the one the person chose, or the
 * moment they tapped save; a save of the same meal again after a failure sends the same body under the same
 * Idempotency-Key, so a meal that did arrive is not logged twice and one sent late keeps the time it was given.
 * A temporary meal sits in the meal lists until the server has answered (spec §4).
 */
export function useCreateMeal(timeZone: string) {
  const queryClient = useQueryClient();
  const failed = useRef<MealSave | null>(null);
  const mutation = useMutation({
    mutationFn: (save: MealSave) => apiRequest<Meal>('POST', MEALS_PATH, save.body, save.idempotencyKey),
    onMutate: async (save) => {
      await queryClient.cancelQueries({ predicate: isMealList });
      showNewMeal(queryClient, temporaryMeal(save), timeZone);
    },
    onSuccess: (meal) => {
      failed.current = null;
      queryClient.setQueryData([mealPath(meal.id)], meal);
    },
    onError: (_error, save) => {
      failed.current = save;
    },
    // The server's lists replace the temporary meal, whether the save went through or not.
    onSettled: () => refreshJournal(queryClient),
  });
  const save = (meal: NewMeal, callbacks?: Parameters<typeof mutation.mutate>[1]) => {
    const draft = draftOf(meal);
    const again = failed.current?.draft === draft ? failed.current : null;
    const { mealType, name, at, items } = meal;
    const body: CreateMealInput = {
      mealType,
      name,
      timestamp: (at ?? new Date()).toISOString(),
      foods: items.map(({ food, quantity, servingUnit }) => ({ foodId: food.id, quantity, servingUnit })),
    };
    mutation.mutate(again ?? { draft, body, idempotencyKey: newIdempotencyKey(), items }, callbacks);
  };
  return { save, isPending: mutation.isPending };
}

/** The actions that change a meal answer the updated meal; then every journal read is read again. */
function useMealChange<Input>(send: (input: Input) => Promise<Meal>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (meal) => queryClient.setQueryData([mealPath(meal.id)], meal),
    onSettled: () => refreshJournal(queryClient),
  });
}

export const useAddMealFood = (mealId: number) =>
  useMealChange((input: AddMealFoodInput) => apiRequest<Meal>('POST', `${mealPath(mealId)}/foods`, input, newIdempotencyKey()));

export const useRemoveMealFood = (mealId: number) => useMealChange((entryId: number) => apiRequest<Meal>('DELETE', `${mealPath(mealId)}/foods/${entryId}`));

/** Issue 18: a meal's time, type, name or notes corrected. */
export const useUpdateMeal = (mealId: number) => useMealChange((input: UpdateMealInput) => apiRequest<Meal>('PATCH', mealPath(mealId), input));

/** Issue 18: the amount eaten of one of the meal's foods corrected. */
export const useUpdateMealFood = (mealId: number) =>
  useMealChange(({ entryId, input }: { entryId: number; input: UpdateMealFoodInput }) => apiRequest<Meal>('PATCH', `${mealPath(mealId)}/foods/${entryId}`, input));

export const useCompleteMeal = () => useMealChange((mealId: number) => apiRequest<Meal>('PATCH', `${mealPath(mealId)}/complete`));

/** Issue 7: the same foods and quantities as a new meal, now: at the top of every meal list at once. */
export function useRepeatMeal(timeZone: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mealId: number) => apiRequest<Meal>('POST', `${mealPath(mealId)}/repeat`, {}, newIdempotencyKey()),
    onSuccess: (meal) => {
      queryClient.setQueryData([mealPath(meal.id)], meal);
      showNewMeal(queryClient, meal, timeZone);
    },
    onSettled: () => refreshJournal(queryClient),
  });
}

/** Spec §2: the Diary only. The meal's symptoms stay, no longer linked to it. */
export function useDeleteMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mealId: number) => apiRequest<MessageReply>('DELETE', mealPath(mealId)),
    onSuccess: (_reply, mealId) => {
      queryClient.removeQueries({ queryKey: [mealPath(mealId)], exact: true });
      hideMeal(queryClient, mealId);
    },
    onSettled: () => refreshJournal(queryClient),
  });
}
