// Apart from meals-api.ts, which the dashboard's first screen loads: only the meal dialogs (loaded when opened) save a
// new meal, and its temporary meal is rated and scored as the server will (meal-preview.ts, the contracts' scoring).
import { mealRoutes, scoreMealFoods, type CreateMealInput, type Meal, type MealType } from '@fodmap/contracts';
import { callRoute, newIdempotencyKey } from '@fodmap/web-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { BuilderItem } from './meal-builder';
import { mealFoodOf } from './meal-preview';
import { isMealList, mealQuery, refreshJournal, showNewMeal } from './meals-api';

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

/** A meal shown before the server has answered; negative ids (isTemporaryMeal) never collide with the server's. */
let temporaryIds = 0;
function temporaryMeal({ body, items }: MealSave): Meal {
  temporaryIds -= 1;
  const foods = items.map((item, index) => mealFoodOf(item, temporaryIds * 1000 - index));
  return { id: temporaryIds, name: body.name, mealType: body.mealType, timestamp: body.timestamp, completed: false, notes: null, foods, symptoms: [], ...scoreMealFoods(foods) };
}

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
    mutationFn: ({ body, idempotencyKey }: MealSave) => callRoute(mealRoutes.create, { body, idempotencyKey }),
    onMutate: async (save) => {
      await queryClient.cancelQueries({ predicate: isMealList });
      showNewMeal(queryClient, temporaryMeal(save), timeZone);
    },
    onSuccess: (meal) => {
      failed.current = null;
      queryClient.setQueryData(mealQuery(meal.id).queryKey, meal);
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
