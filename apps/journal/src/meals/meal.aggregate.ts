import {
  CurrentEventData,
  DomainEvents,
  domainEvents,
  FoodSnapshot,
  MealCompletedV1,
  MealCreatedV1,
  MealDeletedV1,
  MealFoodAddedV1,
  MealFoodRemovedV1,
  JournalMessages,
  Messages,
} from '@fodmap/contracts';
import { newEvent, NewEvent, rpcFailure, StoredEvent } from '@fodmap/server';

/** The meal's events, as its stream `meal-<id>` holds them. */
export type MealEvent =
  | { type: 'MealCreated'; data: MealCreatedV1 }
  | { type: 'MealFoodAdded'; data: MealFoodAddedV1 }
  | { type: 'MealFoodRemoved'; data: MealFoodRemovedV1 }
  | { type: 'MealCompleted'; data: MealCompletedV1 }
  | { type: 'MealDeleted'; data: MealDeletedV1 };

export interface MealEntry {
  entryId: number;
  quantity: number;
  servingUnit: string;
  grams: number | null;
  food: FoodSnapshot;
}

/** What decisions about a meal need to know, folded from its stream. */
export type MealState =
  | { status: 'absent' }
  | {
      status: 'open' | 'completed' | 'deleted';
      meal: MealCreatedV1;
      /** in the order they were added */
      entries: MealEntry[];
    };

export const initialMealState: MealState = { status: 'absent' };

export function evolve(state: MealState, event: MealEvent): MealState {
  if (event.type === 'MealCreated') return { status: 'open', meal: event.data, entries: [] };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'MealFoodAdded': {
      const { entryId, quantity, servingUnit, grams, food } = event.data;
      return { ...state, entries: [...state.entries, { entryId, quantity, servingUnit, grams, food }] };
    }
    case 'MealFoodRemoved':
      return { ...state, entries: state.entries.filter((entry) => entry.entryId !== event.data.entryId) };
    case 'MealCompleted':
      return { ...state, status: 'completed' };
    case 'MealDeleted':
      return { ...state, status: 'deleted' };
  }
}

/** Folds a stream's events (as `readEvent` gives them, current versions) into the meal's state. */
export function mealStateOf(events: readonly StoredEvent[]): MealState {
  return events.reduce((state, event) => evolve(state, event as MealEvent), initialMealState);
}

export type MealCommand =
  | { type: 'AddFood'; userId: number; entryId: number; quantity: number; servingUnit: string; grams: number | null; food: FoodSnapshot }
  | { type: 'RemoveFood'; userId: number; entryId: number }
  | { type: 'Complete'; userId: number; now: Date }
  | { type: 'Delete'; userId: number; now: Date };

type KnownMeal = Extract<MealState, { status: 'open' | 'completed' | 'deleted' }>;

/**
 * The meal, if the caller may act on it: 404 when it is not theirs (like a missing one, never a 403: whether it exists
 * is not theirs to learn), 409 once deleted, and 409 once completed when the change is to its foods.
 */
export function assertChangeable(state: MealState, userId: number, changesFoods: boolean): KnownMeal {
  if (state.status === 'absent' || state.meal.userId !== userId) throw rpcFailure(404, Messages.mealNotFound);
  if (state.status === 'deleted') throw rpcFailure(409, JournalMessages.mealIsDeleted);
  if (changesFoods && state.status === 'completed') throw rpcFailure(409, JournalMessages.mealIsCompleted);
  return state;
}

type MealNewEvent = NewEvent<CurrentEventData<DomainEvents, MealEvent['type']>>;

/** What a command on a meal records, given the meal's state; throws the caller's failure instead (`assertChangeable`). */
export function decide(command: MealCommand, state: MealState): MealNewEvent[] {
  const meal = assertChangeable(state, command.userId, command.type === 'AddFood' || command.type === 'RemoveFood');
  const { mealId, userId } = meal.meal;
  switch (command.type) {
    case 'AddFood': {
      const { entryId, quantity, servingUnit, grams, food } = command;
      return [newEvent(domainEvents, 'MealFoodAdded', { mealId, userId, entryId, quantity, servingUnit, grams, food })];
    }
    case 'RemoveFood':
      if (!meal.entries.some((entry) => entry.entryId === command.entryId)) throw rpcFailure(404, JournalMessages.mealEntryNotFound);
      return [newEvent(domainEvents, 'MealFoodRemoved', { mealId, userId, entryId: command.entryId })];
    case 'Complete':
      // Completing twice is what a double tap or a retry does: the meal is completed, nothing more to record.
      if (meal.status === 'completed') return [];
      if (meal.entries.length === 0) throw rpcFailure(409, JournalMessages.mealNeedsFood);
      return [newEvent(domainEvents, 'MealCompleted', { mealId, userId, completedAt: command.now.toISOString() })];
    case 'Delete':
      return [newEvent(domainEvents, 'MealDeleted', { mealId, userId, deletedAt: command.now.toISOString() })];
  }
}
