import { type AddMealFoodInput, type DashboardStats, type Meal, type MealType, type MessageReply, scoreMealFoods } from '@fodmap/contracts';
import { apiRequest, newIdempotencyKey } from '@fodmap/web-client';
import { useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { FOODS_PATH } from '../foods/foods-api';
import { mealFoodOf, type BuilderItem } from './meal-builder';

/** Spec §7: every read is keyed by its path; the journal's read paths, all here. */
export const MEALS_PATH = '/api/meals';
export const TODAY_MEALS_PATH = `${MEALS_PATH}?todayOnly=true`;
export const mealPath = (id: number) => `${MEALS_PATH}/${id}`;
export const DASHBOARD_STATS_PATH = '/api/dashboard/stats';
export const SYMPTOMS_PATH = '/api/symptoms';
export const symptomsOnPath = (day: string) => `${SYMPTOMS_PATH}?date=${day}`;

/** The lists a new meal appears at the top of. */
const MEAL_LISTS = [MEALS_PATH, TODAY_MEALS_PATH] as const;

/** GET /api/meals: the whole diary, newest first. */
export function useMeals() {
  return useQuery<Meal[]>({ queryKey: [MEALS_PATH] });
}

/** GET /api/meals?todayOnly=true: the home screen's meals, for the person's own today. */
export function useTodayMeals() {
  return useQuery<Meal[]>({ queryKey: [TODAY_MEALS_PATH] });
}

/** One meal with its foods and symptoms; the list's copy is shown while the meal's own read is on its way. */
export function useMeal(id: number, listed?: Meal) {
  return useQuery<Meal>({ queryKey: [mealPath(id)], placeholderData: listed, enabled: id > 0 });
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
 * searches, those on screen are, the rest when next shown.
 */
export function refreshJournal(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ predicate: readOf(JOURNAL_READS), refetchType: 'all' }),
    queryClient.invalidateQueries({ predicate: readOf([FOODS_PATH]) }),
  ]);
}

/** The meal lists (all, today's, a day's): not one meal's own read, which shares their path's start. */
const isMealList = (query: Query) => {
  const path = String(query.queryKey[0]);
  return path === MEALS_PATH || path.startsWith(`${MEALS_PATH}?`);
};

/** A new meal of now, at the top of the lists it belongs to (shown or not) before the server's lists follow. */
function showNewMeal(queryClient: QueryClient, meal: Meal) {
  for (const path of MEAL_LISTS) queryClient.setQueryData<Meal[]>([path], (meals) => (meals ? [meal, ...meals.filter((listed) => listed.id !== meal.id)] : meals));
}

/** A deleted meal leaves every meal list held at once, shown or not. */
function hideMeal(queryClient: QueryClient, mealId: number) {
  queryClient.setQueriesData<Meal[]>({ predicate: isMealList }, (meals) => meals?.filter((meal) => meal.id !== mealId));
}

export function useRefreshJournal() {
  const queryClient = useQueryClient();
  return useCallback(() => refreshJournal(queryClient), [queryClient]);
}

/** Which step of saving a meal failed: the spec words the two differently (§8). After 'addFood', `meal` is the meal as saved so far. */
export class MealSaveError extends Error {
  constructor(
    readonly step: 'create' | 'addFood',
    readonly cause: unknown,
    readonly meal?: Meal,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'MealSaveError';
  }
}

export interface NewMeal {
  mealType: MealType;
  name: string;
  items: readonly BuilderItem[];
}

/** A meal shown before the server has answered; negative ids never collide with the server's. */
let temporaryIds = 0;
function temporaryMeal({ mealType, name, items }: NewMeal): Meal {
  temporaryIds -= 1;
  const foods = items.map((item, index) => mealFoodOf(item, temporaryIds * 1000 - index));
  return { id: temporaryIds, name, mealType, timestamp: new Date().toISOString(), completed: false, notes: null, foods, symptoms: [], ...scoreMealFoods(foods) };
}

export const isTemporaryMeal = (meal: Pick<Meal, 'id'>) => meal.id < 0;

/**
 * Spec §4, §7: creates the meal, then adds each food with one request per food, in order. A temporary meal sits at
 * the top of the meal lists until the server has answered. Each request carries its own key, made once for this
 * action, so a resend after a lost answer never logs twice. When a food could not be added, the meal exists
 * (`unfinished`): saving again adds the foods it does not hold yet to it, rather than creating a second meal.
 */
export function useCreateMeal() {
  const queryClient = useQueryClient();
  const [unfinished, setUnfinished] = useState<Meal | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ mealType, name, items }: NewMeal) => {
      let meal =
        unfinished ??
        (await apiRequest<Meal>('POST', MEALS_PATH, { mealType, name, timestamp: new Date().toISOString() }, newIdempotencyKey()).catch((error: unknown) => {
          throw new MealSaveError('create', error);
        }));
      for (const { food, quantity, servingUnit } of items) {
        if (meal.foods.some((entry) => entry.foodId === food.id)) continue;
        const body: AddMealFoodInput = { foodId: food.id, quantity, servingUnit };
        const sofar = meal;
        meal = await apiRequest<Meal>('POST', `${mealPath(meal.id)}/foods`, body, newIdempotencyKey()).catch((error: unknown) => {
          throw new MealSaveError('addFood', error, sofar);
        });
      }
      return meal;
    },
    onMutate: async (created) => {
      // A meal being finished is in the lists already.
      if (unfinished) return;
      await queryClient.cancelQueries({ predicate: (query) => MEAL_LISTS.includes(String(query.queryKey[0]) as (typeof MEAL_LISTS)[number]) });
      showNewMeal(queryClient, temporaryMeal(created));
    },
    onSuccess: (meal) => {
      setUnfinished(null);
      queryClient.setQueryData([mealPath(meal.id)], meal);
    },
    onError: (error) => {
      if (error instanceof MealSaveError && error.meal) setUnfinished(error.meal);
    },
    // The server's lists replace the temporary meal, whether the save went through or not.
    onSettled: () => refreshJournal(queryClient),
  });
  return { ...mutation, unfinished };
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

export const useCompleteMeal = () => useMealChange((mealId: number) => apiRequest<Meal>('PATCH', `${mealPath(mealId)}/complete`));

/** Issue 7: the same foods and quantities as a new meal, now: at the top of every meal list at once. */
export function useRepeatMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mealId: number) => apiRequest<Meal>('POST', `${mealPath(mealId)}/repeat`, {}, newIdempotencyKey()),
    onSuccess: (meal) => {
      queryClient.setQueryData([mealPath(meal.id)], meal);
      showNewMeal(queryClient, meal);
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
