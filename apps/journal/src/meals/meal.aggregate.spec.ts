import { FoodSnapshot, MealCreatedV1, JournalMessages, MEAL_FOODS_MAX, Messages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { RpcException } from '@nestjs/microservices';
import { deciderSpecification } from '@fodmap/testing';
import { decide, evolve, initialMealState, MealCommand, mealDecider, MealState } from './meal.aggregate';

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
  return commands.reduce((current, command) => decide(command, current).reduce(evolve, current), state);
}

const added = (entryId: number) => ({ type: 'MealFoodAdded' as const, data: { mealId: 7, userId: 1, entryId, quantity: 1, servingUnit: 'cup', grams: 158, food: rice } });

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

  it('records a meal created at a past time, and refuses one more than the clock skew ahead', () => {
    expect(decide({ type: 'Create', meal: created, foods: [], now }, initialMealState)).toEqual([{ type: 'MealCreated', schemaVersion: 1, data: created }]);
    const ahead = { ...created, timestamp: new Date(now.getTime() + 61_000).toISOString() };
    expect(failureOf(() => decide({ type: 'Create', meal: ahead, foods: [], now }, initialMealState))).toEqual({ status: 400, message: JournalMessages.mealTimestampFuture });
    expect(decide({ type: 'Create', meal: { ...created, timestamp: new Date(now.getTime() + 30_000).toISOString() }, foods: [], now }, initialMealState)).toHaveLength(1);
  });

  it('decides a meal with its foods as one batch, all or nothing', () => {
    const meal = deciderSpecification(mealDecider);
    const entry = (entryId: number) => ({ entryId, quantity: 1, servingUnit: 'cup', grams: 158, food: rice });

    meal.given([]).when({ type: 'Create', meal: created, foods: [entry(11), entry(12)], now }).then([
      { type: 'MealCreated', schemaVersion: 1, data: created },
      { ...added(11), schemaVersion: 1 },
      { ...added(12), schemaVersion: 1 },
    ]);
    const ahead = { ...created, timestamp: '2026-03-11T12:00:00.000Z' };
    meal.given([]).when({ type: 'Create', meal: ahead, foods: [entry(11)], now }).thenFails({ status: 400, message: JournalMessages.mealTimestampFuture });
    meal.given([{ type: 'MealCreated', data: created }]).when({ type: 'Create', meal: created, foods: [], now }).thenFails('meal-7 was created already');
  });

  it('folds a stream into the meal as it stands, and a food added after it was created', () => {
    const meal = deciderSpecification(mealDecider);

    meal.given([{ type: 'MealCreated', data: created }, added(11)]).when({ type: 'RemoveFood', userId: 1, entryId: 11 }).then([
      { type: 'MealFoodRemoved', schemaVersion: 1, data: { mealId: 7, userId: 1, entryId: 11 } },
    ]);
    meal.given([{ type: 'MealCreated', data: created }, added(11), { type: 'MealFoodRemoved', data: { mealId: 7, userId: 1, entryId: 11 } }])
      .when({ type: 'RemoveFood', userId: 1, entryId: 11 })
      .thenFails({ status: 404, message: JournalMessages.mealEntryNotFound });
  });
});

describe('a meal corrected (issue 18)', () => {
  const change = (changes: Extract<MealCommand, { type: 'Change' }>['changes'], userId = 1): MealCommand => ({ type: 'Change', userId, changes, timeZone: 'Europe/London', now });
  const changeFood = (entryId: number, quantity: number, servingUnit: string, userId = 1): MealCommand => ({ type: 'ChangeFood', userId, entryId, quantity, servingUnit, now });

  it('records the whole meal as it now stands and names what changed, also once completed', () => {
    const completed = run([addRice(11), { type: 'Complete', userId: 1, now }]);

    expect(decide(change({ timestamp: '2026-03-10T07:30:00.000Z', mealType: 'breakfast' }), completed)).toEqual([
      {
        type: 'MealChanged',
        schemaVersion: 1,
        data: {
          mealId: 7,
          userId: 1,
          name: 'Lunch',
          mealType: 'breakfast',
          timestamp: '2026-03-10T07:30:00.000Z',
          timeZone: 'Europe/London',
          notes: null,
          changed: ['mealType', 'timestamp'],
          changedAt: now.toISOString(),
        },
      },
    ]);
    expect(run([change({ name: 'Brunch', notes: 'late' })], completed)).toMatchObject({ status: 'completed', meal: { name: 'Brunch', notes: 'late', mealType: 'lunch' } });
  });

  it('records nothing for a correction that changes nothing, and clears notes with null', () => {
    const state = run([change({ notes: 'with tea' })]);

    expect(decide(change({ name: 'Lunch', mealType: 'lunch', timestamp: created.timestamp, notes: 'with tea' }), state)).toEqual([]);
    expect(decide(change({ notes: null }), state)).toMatchObject([{ type: 'MealChanged', data: { notes: null, changed: ['notes'] } }]);
  });

  it("refuses a time more than the clock skew ahead (400), another person's meal (404) and a deleted meal (409)", () => {
    expect(failureOf(() => decide(change({ timestamp: '2026-03-10T13:05:00.000Z' }), run([])))).toEqual({ status: 400, message: JournalMessages.mealTimestampFuture });
    expect(failureOf(() => decide(change({ name: 'Mine now' }, 2), run([])))).toEqual({ status: 404, message: Messages.mealNotFound });
    expect(failureOf(() => decide(change({ name: 'Again' }), initialMealState))).toEqual({ status: 404, message: Messages.mealNotFound });
    const deleted = run([addRice(11), { type: 'Delete', userId: 1, now }]);
    expect(failureOf(() => decide(change({ name: 'Again' }), deleted))).toEqual({ status: 409, message: JournalMessages.mealIsDeleted });
    expect(failureOf(() => decide(changeFood(11, 2, 'cup'), deleted))).toEqual({ status: 409, message: JournalMessages.mealIsDeleted });
  });

  it("corrects an entry's amount, also once completed, with its grams recomputed and its food as it was", () => {
    const completed = run([addRice(11), addRice(12), { type: 'Complete', userId: 1, now }]);

    expect(decide(changeFood(12, 100, 'G'), completed)).toEqual([
      { type: 'MealFoodChanged', schemaVersion: 1, data: { mealId: 7, userId: 1, entryId: 12, quantity: 100, servingUnit: 'g', grams: 100, food: rice, changedAt: now.toISOString() } },
    ]);
    expect(decide(changeFood(12, 2, 'cup'), completed)).toMatchObject([{ data: { quantity: 2, servingUnit: 'cup', grams: 316 } }]);
    expect(run([changeFood(12, 0.5, 'serving')], completed)).toMatchObject({ entries: [{ entryId: 11, quantity: 1 }, { entryId: 12, quantity: 0.5, servingUnit: 'serving', grams: 79 }] });
  });

  it('records nothing for the same amount, and refuses a unit the food does not take or an entry the meal does not hold', () => {
    const state = run([addRice(11)]);

    expect(decide(changeFood(11, 1, ' Cup '), state)).toEqual([]);
    expect(failureOf(() => decide(changeFood(11, 1, 'slice'), state))).toEqual({ status: 400, message: JournalMessages.servingUnitInvalid(['cup', 'serving', 'g']) });
    expect(failureOf(() => decide(changeFood(99, 1, 'cup'), state))).toEqual({ status: 404, message: JournalMessages.mealEntryNotFound });
    expect(failureOf(() => decide(changeFood(11, 2, 'cup', 2), state))).toEqual({ status: 404, message: Messages.mealNotFound });
  });

  it('refuses a 51st food added one at a time, as a create with 51 is refused (issue 20)', () => {
    const meal = deciderSpecification(mealDecider);
    const fifty = Array.from({ length: MEAL_FOODS_MAX }, (_, index) => added(100 + index));

    meal.given([{ type: 'MealCreated', data: created }, ...fifty]).when(addRice(200)).thenFails({ status: 409, message: JournalMessages.mealFoodsFull });
    meal.given([{ type: 'MealCreated', data: created }, ...fifty.slice(1)]).when(addRice(200)).then([
      { type: 'MealFoodAdded', schemaVersion: 1, data: { mealId: 7, userId: 1, entryId: 200, quantity: 1, servingUnit: 'cup', grams: 158, food: rice } },
    ]);
  });
});
