import { FoodSnapshot, MealCreatedV1, JournalMessages, Messages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { RpcException } from '@nestjs/microservices';
import { decide, evolve, initialMealState, MealCommand, MealEvent, MealState } from './meal.aggregate';

const created: MealCreatedV1 = { mealId: 7, userId: 1, name: 'Lunch', mealType: 'lunch', timestamp: '2026-03-10T12:00:00.000Z', timeZone: 'UTC', notes: null };
const rice: FoodSnapshot = {
  id: 3,
  name: 'Rice, white, cooked',
  fodmapRating: 'low',
  servingSize: '1 cup (158 g)',
  servingGrams: 158,
  caloriesPerServing: 205,
  foodType: 'grain',
  oligoGroup: 'grain_legume_nut',
  ibsTriggerType: null,
  fructans: 0,
  galactans: 0,
  excessFructose: 0,
  sorbitol: 0,
  mannitol: 0,
  xylitol: 0,
  lactose: 0,
};
const now = new Date('2026-03-10T13:00:00.000Z');
const addRice = (entryId: number, userId = 1): MealCommand => ({ type: 'AddFood', userId, entryId, quantity: 1, servingUnit: 'cup', grams: 158, food: rice });

/** Folds the events a sequence of commands decides, as the meal's stream would hold them. */
function run(commands: MealCommand[], state: MealState = evolve(initialMealState, { type: 'MealCreated', data: created })): MealState {
  return commands.reduce((current, command) => decide(command, current).reduce((next, event) => evolve(next, event as MealEvent), current), state);
}

function failureOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error instanceof RpcException ? error.getError() : error;
  }
  throw new Error('expected a failure');
}

describe('a meal decides', () => {
  it('records a food added with its snapshot and amount, and keeps entries in the order they were added', () => {
    const state = run([addRice(11), addRice(12)]);

    expect(decide(addRice(13), state)).toEqual([
      { type: 'MealFoodAdded', schemaVersion: 1, data: { mealId: 7, userId: 1, entryId: 13, quantity: 1, servingUnit: 'cup', grams: 158, food: rice } },
    ]);
    expect(state.status === 'open' && state.entries.map((entry) => entry.entryId)).toEqual([11, 12]);
  });

  it("answers 404 'Meal not found' for a meal that does not exist or is another user's, never 403", () => {
    expect(failureOf(() => decide(addRice(11), initialMealState))).toEqual({ status: 404, message: Messages.mealNotFound });
    expect(failureOf(() => decide(addRice(11, 2), run([])))).toEqual({ status: 404, message: Messages.mealNotFound });
    expect(failureOf(() => decide({ type: 'Delete', userId: 2, now }, run([])))).toEqual({ status: 404, message: Messages.mealNotFound });
  });

  it('refuses to complete a meal without foods', () => {
    expect(failureOf(() => decide({ type: 'Complete', userId: 1, now }, run([])))).toEqual({ status: 409, message: JournalMessages.mealNeedsFood });
    expect(failureOf(() => decide({ type: 'Complete', userId: 1, now }, run([addRice(11), { type: 'RemoveFood', userId: 1, entryId: 11 }])))).toEqual({
      status: 409,
      message: JournalMessages.mealNeedsFood,
    });
  });

  it('completes a meal with foods once; completing it again records nothing', () => {
    const state = run([addRice(11)]);

    expect(decide({ type: 'Complete', userId: 1, now }, state)).toEqual([
      { type: 'MealCompleted', schemaVersion: 1, data: { mealId: 7, userId: 1, completedAt: now.toISOString() } },
    ]);
    expect(decide({ type: 'Complete', userId: 1, now }, run([{ type: 'Complete', userId: 1, now }], state))).toEqual([]);
  });

  it('refuses to add or remove foods once the meal is completed, but lets it be deleted', () => {
    const completed = run([addRice(11), { type: 'Complete', userId: 1, now }]);

    expect(failureOf(() => decide(addRice(12), completed))).toEqual({ status: 409, message: JournalMessages.mealIsCompleted });
    expect(failureOf(() => decide({ type: 'RemoveFood', userId: 1, entryId: 11 }, completed))).toEqual({ status: 409, message: JournalMessages.mealIsCompleted });
    expect(decide({ type: 'Delete', userId: 1, now }, completed)).toEqual([
      { type: 'MealDeleted', schemaVersion: 1, data: { mealId: 7, userId: 1, deletedAt: now.toISOString() } },
    ]);
  });

  it('refuses every change to a deleted meal with 409', () => {
    const deleted = run([addRice(11), { type: 'Delete', userId: 1, now }]);

    for (const command of [addRice(12), { type: 'RemoveFood', userId: 1, entryId: 11 }, { type: 'Complete', userId: 1, now }, { type: 'Delete', userId: 1, now }] as MealCommand[]) {
      expect(failureOf(() => decide(command, deleted))).toEqual({ status: 409, message: JournalMessages.mealIsDeleted });
    }
  });

  it('removes only an entry the meal holds', () => {
    const state = run([addRice(11)]);

    expect(failureOf(() => decide({ type: 'RemoveFood', userId: 1, entryId: 99 }, state))).toEqual({ status: 404, message: JournalMessages.mealEntryNotFound });
    expect(run([{ type: 'RemoveFood', userId: 1, entryId: 11 }], state)).toMatchObject({ status: 'open', entries: [] });
  });
});
