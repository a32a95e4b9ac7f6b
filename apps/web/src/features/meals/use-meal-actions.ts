import { JournalMessages, Messages, type Meal } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useCallback } from 'react';
import { useToast } from '@fodmap/web-ui';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { useTimeZone } from '../symptoms/symptoms-api';
import { useCompleteMeal, useDeleteMeal, useRepeatMeal } from './meal-changes';

/**
 * A failed meal action: a lost session per spec §8, otherwise the spec's title with the server's own words
 * (a 409 'This meal is completed…', a 404 'Meal not found') beneath it.
 */
export function useMealActionFailure() {
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  return useCallback(
    (title: string) => (error: unknown) => {
      if (!handleUnauthorized(error)) toast({ title, description: serverMessage(error, ''), variant: 'destructive' });
    },
    [toast, handleUnauthorized],
  );
}

/**
 * Repeat, complete and delete, each with the toasts of spec §8. 'Log again' is one tap, so its toast offers Undo for
 * as long as it shows (5 s, issue 18): Undo deletes the meal it logged, as deleting it from the Diary would.
 */
export function useMealActions() {
  const { toast } = useToast();
  const failed = useMealActionFailure();
  const repeat = useRepeatMeal(useTimeZone());
  const complete = useCompleteMeal();
  const remove = useDeleteMeal();
  const undoRepeat = (created: Meal) =>
    remove.mutate(created.id, { onSuccess: () => toast({ title: JournalMessages.mealDeleted }), onError: failed(JournalMessages.mealDeleteFailed) });
  return {
    repeat: (meal: Meal, onDone?: () => void) =>
      repeat.mutate(meal.id, {
        onSuccess: (created) => {
          toast({ title: JournalMessages.mealRepeated(created.name), action: { label: 'Undo', onClick: () => undoRepeat(created) } });
          onDone?.();
        },
        onError: failed(Messages.mealCreateFailed),
      }),
    repeating: repeat.isPending ? repeat.variables : undefined,
    complete: (meal: Meal) =>
      complete.mutate(meal.id, { onSuccess: () => toast({ title: JournalMessages.mealCompleted }), onError: failed(JournalMessages.mealCompleteFailed) }),
    completing: complete.isPending ? complete.variables : undefined,
    remove: (meal: Meal, onDone?: () => void) =>
      remove.mutate(meal.id, {
        onSuccess: () => {
          toast({ title: JournalMessages.mealDeleted });
          onDone?.();
        },
        onError: failed(JournalMessages.mealDeleteFailed),
      }),
    removing: remove.isPending ? remove.variables : undefined,
  };
}
