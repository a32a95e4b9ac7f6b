// Apart from meals-api.ts, which the dashboard's first screen loads: the changes to a saved meal are made from its card
// and dialogs (today's meals, loaded as the dashboard scrolls near them, and the Diary), and bring useMutation along.
import { mealRoutes, type AddMealFoodInput, type Meal, type UpdateMealFoodInput, type UpdateMealInput } from '@fodmap/contracts';
import { callRoute, newIdempotencyKey, type RoutePage } from '@fodmap/web-client';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { isMealList, mealQuery, refreshJournal, showNewMeal } from './meals-api';

/** A deleted meal leaves every meal list held at once, shown or not: a day's, and the Diary's pages of them all. */
function hideMeal(queryClient: QueryClient, mealId: number) {
  const kept = (meals: Meal[]) => meals.filter((meal) => meal.id !== mealId);
  queryClient.setQueriesData<Meal[] | InfiniteData<RoutePage<Meal>>>({ predicate: isMealList }, (held) =>
    held === undefined || Array.isArray(held) ? held && kept(held) : { ...held, pages: held.pages.map((page) => ({ ...page, items: kept(page.items) })) },
  );
}

/** The actions that change a meal answer the updated meal; then every journal read is read again. */
function useMealChange<Input>(send: (input: Input) => Promise<Meal>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (meal) => queryClient.setQueryData(mealQuery(meal.id).queryKey, meal),
    onSettled: () => refreshJournal(queryClient),
  });
}

export const useAddMealFood = (mealId: number) =>
  useMealChange((input: AddMealFoodInput) => callRoute(mealRoutes.addFood, { params: { id: mealId }, body: input, idempotencyKey: newIdempotencyKey() }));

export const useRemoveMealFood = (mealId: number) => useMealChange((entryId: number) => callRoute(mealRoutes.removeFood, { params: { id: mealId, entryId } }));

/** Issue 18: a meal's time, type, name or notes corrected. */
export const useUpdateMeal = (mealId: number) => useMealChange((input: UpdateMealInput) => callRoute(mealRoutes.update, { params: { id: mealId }, body: input }));

/** Issue 18: the amount eaten of one of the meal's foods corrected. */
export const useUpdateMealFood = (mealId: number) =>
  useMealChange(({ entryId, input }: { entryId: number; input: UpdateMealFoodInput }) => callRoute(mealRoutes.updateFood, { params: { id: mealId, entryId }, body: input }));

export const useCompleteMeal = () => useMealChange((mealId: number) => callRoute(mealRoutes.complete, { params: { id: mealId } }));

/** Issue 7: the same foods and quantities as a new meal, now: at the top of every meal list at once. */
export function useRepeatMeal(timeZone: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mealId: number) => callRoute(mealRoutes.repeat, { params: { id: mealId }, body: {}, idempotencyKey: newIdempotencyKey() }),
    onSuccess: (meal) => {
      queryClient.setQueryData(mealQuery(meal.id).queryKey, meal);
      showNewMeal(queryClient, meal, timeZone);
    },
    onSettled: () => refreshJournal(queryClient),
  });
}

/** Spec §2: the Diary only. The meal's symptoms stay, no longer linked to it. */
export function useDeleteMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mealId: number) => callRoute(mealRoutes.remove, { params: { id: mealId } }),
    onSuccess: (_reply, mealId) => {
      queryClient.removeQueries({ queryKey: mealQuery(mealId).queryKey, exact: true });
      hideMeal(queryClient, mealId);
    },
    onSettled: () => refreshJournal(queryClient),
  });
}
