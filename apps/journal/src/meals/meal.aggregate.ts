import { CLOCK_SKEW_MS, domainEvents, FoodSnapshot, gramsEaten, JOURNAL, JournalEvent, JournalMessages, MealCreatedV1, MEAL_FOODS_MAX, Messages, MealType, servingUnitsFor } from '@fodmap/contracts';
import { Decider, fold, newEvent, NewEvent, rpcFailure } from '@fodmap/server';

/** The meal's events, as its stream `meal-<id>` holds them. */
export type MealEvent = Extract<JournalEvent, { type: `Meal${string}` }>;

const journalEvents = domainEvents[JOURNAL];

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

/** Folds one event of the meal's stream; the journal's other events are not the meal's and leave it as it is. */
export function evolve(state: MealState, event: JournalEvent): MealState {
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
    case 'MealChanged': {
      const { name, mealType, timestamp, timeZone, notes } = event.data;
      return { ...state, meal: { ...state.meal, name, mealType, timestamp, timeZone, notes } };
    }
    case 'MealFoodChanged': {
      const { entryId, quantity, servingUnit, grams } = event.data;
      return { ...state, entries: state.entries.map((entry) => (entry.entryId === entryId ? { ...entry, quantity, servingUnit, grams } : entry)) };
    }
    default:
      return state;
  }
}

/** The fields of a meal a correction may change; those left out stay as they are, `notes: null` clears them. */
export interface MealChanges {
  name?: string;
  mealType?: MealType;
  timestamp?: string;
  notes?: string | null;
}

export type MealCommand =
  /** The meal with its foods, if any (the builder's one request, a repeated meal): one append, all or nothing. */
  | { type: 'Create'; meal: MealCreatedV1; foods: readonly MealEntry[]; now: Date }
  | { type: 'Change'; userId: number; changes: MealChanges; timeZone: string; now: Date }
  | { type: 'ChangeFood'; userId: number; entryId: number; quantity: number; servingUnit: string; now: Date }
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


/** The unit as the food takes it (its own serving unit, `serving` or `g`, in any case), or 400 naming those it takes. */
export function acceptedServingUnit(food: FoodSnapshot, requested: string): string {
  const units = servingUnitsFor(food);
  const servingUnit = units.find((unit) => unit === requested.trim().toLowerCase());
  if (servingUnit === undefined) throw rpcFailure(400, JournalMessages.servingUnitInvalid(units));
  return servingUnit;
}

/** A meal is eaten at a past time: one ahead of the server's clock by more than a phone's clock may run is a mistake. */
function assertEaten(timestamp: string, now: Date): void {
  if (Date.parse(timestamp) > now.getTime() + CLOCK_SKEW_MS) throw rpcFailure(400, JournalMessages.mealTimestampFuture);
}

function foodAdded(mealId: number, userId: number, { entryId, quantity, servingUnit, grams, food }: MealEntry): NewEvent<MealEvent> {
  return newEvent(journalEvents, 'MealFoodAdded', { mealId, userId, entryId, quantity, servingUnit, grams, food });
}

const CHANGEABLE = ['name', 'mealType', 'timestamp', 'notes'] as const;

/** What a command on a meal records, given the meal's state; throws the caller's failure instead (`assertChangeable`). */
export function decide(command: MealCommand, state: MealState): Array<NewEvent<MealEvent>> {
  if (command.type === 'Create') {
    if (state.status !== 'absent') throw new Error(`meal-${command.meal.mealId} was created already`);
    assertEaten(command.meal.timestamp, command.now);
    const { mealId, userId } = command.meal;
    return [
      newEvent(journalEvents, 'MealCreated', command.meal),
      ...command.foods.map((entry) => foodAdded(mealId, userId, entry)),
    ];
  }
  const meal = assertChangeable(state, command.userId, command.type === 'AddFood' || command.type === 'RemoveFood');
  const { mealId, userId } = meal.meal;
  switch (command.type) {
    case 'Change': {
      const { changes } = command;
      if (changes.timestamp !== undefined) assertEaten(changes.timestamp, command.now);
      const before = meal.meal;
      const next = {
        name: changes.name ?? before.name,
        mealType: changes.mealType ?? before.mealType,
        timestamp: changes.timestamp ?? before.timestamp,
        notes: changes.notes === undefined ? before.notes : changes.notes,
      };
      const changed = CHANGEABLE.filter((field) => next[field] !== before[field]);
      // A correction that says what the meal already says is a retry or a form saved unchanged: nothing happened.
      if (changed.length === 0) return [];
      const { name, mealType, timestamp, notes } = next;
      return [newEvent(journalEvents, 'MealChanged', { mealId, userId, name, mealType, timestamp, notes, timeZone: command.timeZone, changed, changedAt: command.now.toISOString() })];
    }
    case 'ChangeFood': {
      const entry = meal.entries.find((candidate) => candidate.entryId === command.entryId);
      if (entry === undefined) throw rpcFailure(404, JournalMessages.mealEntryNotFound);
      // The units of the food as it was eaten: the entry's snapshot, which the correction keeps.
      const { entryId, food } = entry;
      const servingUnit = acceptedServingUnit(food, command.servingUnit);
      const { quantity } = command;
      if (entry.quantity === quantity && entry.servingUnit === servingUnit) return [];
      const grams = gramsEaten(food, quantity, servingUnit);
      return [newEvent(journalEvents, 'MealFoodChanged', { mealId, userId, entryId, quantity, servingUnit, grams, food, changedAt: command.now.toISOString() })];
    }
    case 'AddFood':
      // The cap a create has (MEAL_FOODS_MAX) holds for a meal built a food at a time too.
      if (meal.entries.length >= MEAL_FOODS_MAX) throw rpcFailure(409, JournalMessages.mealFoodsFull);
      return [foodAdded(mealId, userId, command)];
    case 'RemoveFood':
      if (!meal.entries.some((entry) => entry.entryId === command.entryId)) throw rpcFailure(404, JournalMessages.mealEntryNotFound);
      return [newEvent(journalEvents, 'MealFoodRemoved', { mealId, userId, entryId: command.entryId })];
    case 'Complete':
      // Completing twice is what a double tap or a retry does: the meal is completed, nothing more to record.
      if (meal.status === 'completed') return [];
      if (meal.entries.length === 0) throw rpcFailure(409, JournalMessages.mealNeedsFood);
      return [newEvent(journalEvents, 'MealCompleted', { mealId, userId, completedAt: command.now.toISOString() })];
    case 'Delete':
      return [newEvent(journalEvents, 'MealDeleted', { mealId, userId, deletedAt: command.now.toISOString() })];
  }
}

export const mealDecider: Decider<MealState, MealCommand, JournalEvent> = { initialState: () => initialMealState, decide, evolve };

/** Folds a stream's events (current versions) into the meal's state. */
export function mealStateOf(events: readonly JournalEvent[]): MealState {
  return fold(mealDecider, events);
}
