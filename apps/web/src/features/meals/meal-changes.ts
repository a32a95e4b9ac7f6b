// Apart from meals-api.ts, which the dashboard's first screen loads: the changes to a saved meal are made from its card
// and dialogs (today's meals, loaded as the dashboard scrolls near them, and the Diary), and bring useMutation along.
import type { AddMealFoodInput, Meal, MessageReply, UpdateMealFoodInput, UpdateMealInput } from '@fodmap/contracts';
import { apiRequest, newIdempotencyKey } from '@fodmap/web-client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isMealList, mealPath, refreshJournal, showNewMeal } from './meals-api';

/** A deleted meal leaves every meal list held at once, shown or not. */
function hideMeal(queryClient: QueryClient, mealId: number) {
  queryClient.setQueriesData<Meal[]>({ predicate: isMealList }, (meals) => meals?.filter((meal) => meal.id !== mealId));
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
