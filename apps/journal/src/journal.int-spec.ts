import { Caller, Food, localDay, Meal, localDayRange, JournalMessages, Messages, Rpc, RpcParsed, UNMEASURED_COMPONENTS, todayIn } from '@fodmap/contracts';
import { EventStore, rebuildInlineProjection, rpcFailure, subject } from '@fodmap/server';
import { ServiceCaller, startService, suitePrefix, testConfig } from '@fodmap/testing';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, MicroserviceOptions, Payload, Transport } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mealsProjection } from './meals/meals.projection';
import { symptomsProjection } from './symptoms/symptoms.projection';

/** The foods the stand-in foods service knows, by id, and the owners of the private ones. */
const foods = new Map<number, Food>();
const owners = new Map<number, number>();

function food(id: number, fields: Partial<Food> & Pick<Food, 'name' | 'fodmapRating'>): Food {
  return {
    id,
    description: null,
    servingSize: '1 cup (100 g)',
    servingGrams: 100,
    caloriesPerServing: 100,
    foodType: 'other',
    category: null,
    canTriggerIbs: false,
    ibsTriggerType: null,
    ibsTriggerSeverity: 'mild',
    ibdTrigger: false,
    ibdSeverity: null,
    ibdFlareAvoid: false,
    crohnsTrigger: false,
    crohnsSeverity: null,
    colitisTrigger: false,
    colitisSeverity: null,
    crohnsSymptoms: [],
    colitisSymptoms: [],
    ibdSymptoms: [],
    confidenceScore: 90,
    citations: [],
    needsVerification: false,
    isPrivate: false,
    ratingExplanation: null,
    fodmapGroups: [],
    portion: null,
    checkLabel: false,
    fructans: 0,
    galactans: 0,
    excessFructose: 0,
    sorbitol: 0,
    mannitol: 0,
    xylitol: 0,
    lactose: 0,
    ...fields,
  };
}

const RICE = 1;
const GARLIC = 2;
const BREAD = 3;
const OATS = 4;
const MYSTERY = 5;
const PRIVATE_SOUP = 6;

function resetFoods() {
  foods.clear();
  foods.set(RICE, food(RICE, { name: 'Rice, white, cooked', fodmapRating: 'low', servingSize: '1 cup (158 g)', servingGrams: 158, caloriesPerServing: 205 }));
  foods.set(GARLIC, food(GARLIC, { name: 'Garlic', fodmapRating: 'high', servingSize: '1 clove (3 g)', servingGrams: 3, caloriesPerServing: 4, fructans: 17.4, ibsTriggerType: 'fructans' }));
  // Each low at a serving; together their fructans pass the 0.2 g cut-off: the stacking the issue asks to flag.
  foods.set(BREAD, food(BREAD, { name: 'Sourdough bread', fodmapRating: 'low', servingSize: '2 slices (100 g)', fructans: 0.15 }));
  foods.set(OATS, food(OATS, { name: 'Oat biscuit', fodmapRating: 'low', servingSize: '1 biscuit (100 g)', fructans: 0.1 }));
  foods.set(MYSTERY, food(MYSTERY, { name: 'Mystery stew', fodmapRating: 'unknown', servingSize: null, servingGrams: null, caloriesPerServing: null, ...UNMEASURED_COMPONENTS }));
  foods.set(PRIVATE_SOUP, food(PRIVATE_SOUP, { name: "Gran's soup", fodmapRating: 'medium', isPrivate: true, confidenceScore: null, ...UNMEASURED_COMPONENTS }));
  owners.set(PRIVATE_SOUP, 701);
}

/** Stands in for the foods service's answer to the journal: a private food only for its owner, else 'Food not found'. */
function standInFoodsModule() {
  // Declared once NATS_PREFIX is set: @MessagePattern reads the prefix when the class is declared.
  @Controller()
  class StandInFoods {
    @MessagePattern(subject(Rpc.foods.get))
    get(@Payload() { caller, id }: RpcParsed<typeof Rpc.foods.get>): Food {
      const found = foods.get(id);
      const owner = owners.get(id);
      if (!found || (owner !== undefined && owner !== caller.userId)) throw rpcFailure(404, Messages.foodNotFound);
      return found;
    }
  }

  @Module({ controllers: [StandInFoods] })
  class StandInFoodsModule {}
  return StandInFoodsModule;
}

let journal: INestMicroservice;
let foodsService: INestMicroservice;
let services: ServiceCaller;
const me: Caller = { userId: 701, timeZone: 'Europe/London' };
const stranger: Caller = { userId: 702, timeZone: 'Europe/London' };
let users = 710;
/** A user of the test's own, so that its lists and counts are its alone. */
const newUser = (timeZone = 'Europe/London'): Caller => ({ userId: ++users, timeZone });

beforeAll(async () => {
  // A prefix of its own, so that the stand-in is the only foods service the journal asks; set before the modules load.
  process.env.NATS_PREFIX = suitePrefix('journal');
  resetFoods();
  foodsService = await NestFactory.createMicroservice<MicroserviceOptions>(standInFoodsModule(), {
    transport: Transport.NATS,
    options: { servers: [testConfig().natsUrl] },
    logger: ['error'],
  });
  await foodsService.listen();
  const { AppModule } = await import('./app.module');
  journal = await startService('journal', AppModule);
  services = await ServiceCaller.connect();
});

afterAll(async () => {
  await services?.close();
  await journal?.close();
  await foodsService?.close();
});

const createMeal = (who: Caller = me, timestamp = '2026-03-10T12:00:00Z', name = 'Lunch') =>
  services.call(Rpc.journal.createMeal, { caller: who, input: { mealType: 'lunch', name, timestamp } });
const addFood = (mealId: number, foodId: number, quantity = 1, servingUnit = 'serving', who: Caller = me, idempotencyKey?: string) =>
  services.call(Rpc.journal.addMealFood, { caller: who, mealId, input: { foodId, quantity, servingUnit }, idempotencyKey });
const getMeal = (mealId: number, who: Caller = me) => services.call(Rpc.journal.getMeal, { caller: who, mealId });

describe('adding foods to a meal', () => {
  it('records what was eaten as the food was then, with the amount, its rating at that amount, calories and the meal score', async () => {
    const meal = await createMeal();
    await addFood(meal.id, RICE, 2, 'Cup');
    const answered = await addFood(meal.id, GARLIC, 1, 'clove');

    expect(answered.foods).toEqual([
      expect.objectContaining({ foodId: RICE, quantity: 2, servingUnit: 'cup', grams: 316, calories: 410, fodmapRating: 'low', ratingAtQuantity: 'low', servingSize: '1 cup (158 g)' }),
      expect.objectContaining({ foodId: GARLIC, quantity: 1, servingUnit: 'clove', grams: 3, calories: 4, fodmapRating: 'high', ratingAtQuantity: 'high' }),
    ]);
    expect(answered.foods[1].food).toMatchObject({ id: GARLIC, name: 'Garlic', fructans: 17.4, oligoGroup: 'other', ibsTriggerType: 'fructans' });
    // One low and one high food: 100 per share of high foods, so 50, 'notable' (spec §4).
    expect(answered).toMatchObject({ fodmapScore: 50, fodmapBand: 'notable', unknownFoods: 0, totalCalories: 414 });
    expect(await getMeal(meal.id)).toEqual(answered);
  });

  it('flags low foods that stack over a cut-off together, and counts a food of unknown rating apart, never as low', async () => {
    const meal = await createMeal();
    await addFood(meal.id, BREAD);
    await addFood(meal.id, OATS);
    const answered = await addFood(meal.id, MYSTERY);

    expect(answered.foods.map((entry) => entry.ratingAtQuantity)).toEqual(['low', 'low', 'unknown']);
    expect(answered).toMatchObject({ fodmapScore: 0, fodmapBand: 'low', unknownFoods: 1, totalCalories: 200 });
    expect(answered.stacking.stacked).toEqual(['oligosaccharides']);
    expect(answered.stacking.unknownFoods).toBe(1);
  });

  it("answers 404 'Food not found' for a food that does not exist or is another user's private food, and 400 for a unit the food is not measured in", async () => {
    const meal = await createMeal(stranger);

    expect(await services.failure(Rpc.journal.addMealFood, { caller: stranger, mealId: meal.id, input: { foodId: 999, quantity: 1, servingUnit: 'serving' } })).toEqual({
      status: 404,
      message: Messages.foodNotFound,
    });
    expect(await services.failure(Rpc.journal.addMealFood, { caller: stranger, mealId: meal.id, input: { foodId: PRIVATE_SOUP, quantity: 1, servingUnit: 'serving' } })).toEqual({
      status: 404,
      message: Messages.foodNotFound,
    });
    expect(await services.failure(Rpc.journal.addMealFood, { caller: stranger, mealId: meal.id, input: { foodId: RICE, quantity: 1, servingUnit: 'slice' } })).toEqual({
      status: 400,
      message: JournalMessages.servingUnitInvalid(['cup', 'serving', 'g']),
    });
    expect((await addFood((await createMeal()).id, PRIVATE_SOUP)).foods[0].food.name).toBe("Gran's soup");
  });

  it('keeps every one of many concurrent additions to one meal', async () => {
    const meal = await createMeal();

    await Promise.all(Array.from({ length: 8 }, (_, index) => addFood(meal.id, RICE, index + 1)));

    expect((await getMeal(meal.id)).foods.map((entry) => entry.quantity).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('adds one entry for the same Idempotency-Key sent twice', async () => {
    const meal = await createMeal();

    await addFood(meal.id, RICE, 1, 'serving', me, 'add-rice-1');
    const again = await addFood(meal.id, RICE, 1, 'serving', me, 'add-rice-1');

    expect(again.foods).toHaveLength(1);
  });

  it('keeps the snapshot when the catalogue corrects the food later', async () => {
    const meal = await createMeal();
    await addFood(meal.id, GARLIC, 1, 'clove');
    foods.set(GARLIC, { ...(foods.get(GARLIC) as Food), name: 'Garlic, raw', fodmapRating: 'medium', fructans: 9 });

    try {
      const [entry] = (await getMeal(meal.id)).foods;
      expect(entry).toMatchObject({ fodmapRating: 'high', food: { name: 'Garlic', fodmapRating: 'high', fructans: 17.4 } });
    } finally {
      resetFoods();
    }
  });

  it('removes an entry, and refuses one the meal does not hold', async () => {
    const meal = await createMeal();
    const { foods: [rice] } = await addFood(meal.id, RICE);
    await addFood(meal.id, GARLIC, 1, 'clove');

    const answered = await services.call(Rpc.journal.removeMealFood, { caller: me, mealId: meal.id, entryId: rice.id });

    expect(answered.foods.map((entry) => entry.foodId)).toEqual([GARLIC]);
    expect(await services.failure(Rpc.journal.removeMealFood, { caller: me, mealId: meal.id, entryId: rice.id })).toEqual({ status: 404, message: JournalMessages.mealEntryNotFound });
  });
});

describe('completing a meal', () => {
  it('refuses a meal without foods, completes one with foods once (idempotent), then refuses new foods and removals with 409', async () => {
    const meal = await createMeal();
    expect(await services.failure(Rpc.journal.completeMeal, { caller: me, mealId: meal.id })).toEqual({ status: 409, message: JournalMessages.mealNeedsFood });
    const { foods: [rice] } = await addFood(meal.id, RICE);

    const completed = await services.call(Rpc.journal.completeMeal, { caller: me, mealId: meal.id });
    const again = await services.call(Rpc.journal.completeMeal, { caller: me, mealId: meal.id });

    expect(completed.completed).toBe(true);
    expect(again).toEqual(completed);
    expect(await services.failure(Rpc.journal.addMealFood, { caller: me, mealId: meal.id, input: { foodId: RICE, quantity: 1, servingUnit: 'serving' } })).toEqual({
      status: 409,
      message: JournalMessages.mealIsCompleted,
    });
    expect(await services.failure(Rpc.journal.removeMealFood, { caller: me, mealId: meal.id, entryId: rice.id })).toEqual({ status: 409, message: JournalMessages.mealIsCompleted });
    const events = await journal.get(EventStore).readStream(`meal-${meal.id}`);
    expect(events.map((event) => event.type)).toEqual(['MealCreated', 'MealFoodAdded', 'MealCompleted']);
  });
});

describe("another user's meal", () => {
  it("is a 404 'Meal not found' to read, change, complete, delete, repeat or link a symptom to, never a 403", async () => {
    const meal = await createMeal();
    const { foods: [rice] } = await addFood(meal.id, RICE);
    const notFound = { status: 404, message: Messages.mealNotFound };
    const caller = stranger;

    expect(await services.failure(Rpc.journal.getMeal, { caller, mealId: meal.id })).toEqual(notFound);
    expect(await services.failure(Rpc.journal.addMealFood, { caller, mealId: meal.id, input: { foodId: RICE, quantity: 1, servingUnit: 'serving' } })).toEqual(notFound);
    expect(await services.failure(Rpc.journal.removeMealFood, { caller, mealId: meal.id, entryId: rice.id })).toEqual(notFound);
    expect(await services.failure(Rpc.journal.completeMeal, { caller, mealId: meal.id })).toEqual(notFound);
    expect(await services.failure(Rpc.journal.deleteMeal, { caller, mealId: meal.id })).toEqual(notFound);
    expect(await services.failure(Rpc.journal.repeatMeal, { caller, mealId: meal.id, input: {} })).toEqual(notFound);
    expect(await services.failure(Rpc.journal.logSymptom, { caller, input: { symptomType: 'gas', severity: 'mild', mealId: meal.id } })).toEqual(notFound);
    expect((await services.call(Rpc.journal.listMeals, { caller, input: {} })).items.map((listed) => listed.id)).not.toContain(meal.id);
    expect((await getMeal(meal.id)).foods).toHaveLength(1);
  });
});

describe('repeating a meal', () => {
  it('logs a new meal with the same name, type, foods and amounts, each food as it is now, leaving out one no longer visible', async () => {
    const meal = await createMeal(me, '2026-03-10T12:00:00Z', 'Rice & garlic');
    await addFood(meal.id, RICE, 1.5, 'cup');
    await addFood(meal.id, GARLIC, 2, 'clove');
    await addFood(meal.id, PRIVATE_SOUP);
    foods.set(RICE, { ...(foods.get(RICE) as Food), name: 'Rice, white, long-grain, cooked' });
    foods.delete(PRIVATE_SOUP);

    try {
      const repeated = await services.call(Rpc.journal.repeatMeal, { caller: me, mealId: meal.id, input: { timestamp: '2026-03-11T12:00:00Z' }, idempotencyKey: 'repeat-1' });
      const again = await services.call(Rpc.journal.repeatMeal, { caller: me, mealId: meal.id, input: { timestamp: '2026-03-11T12:00:00Z' }, idempotencyKey: 'repeat-1' });

      expect(repeated).toMatchObject({ name: 'Rice & garlic', mealType: 'lunch', timestamp: '2026-03-11T12:00:00.000Z', completed: false });
      expect(repeated.id).not.toBe(meal.id);
      expect(repeated.foods.map(({ foodId, quantity, servingUnit, food: { name } }) => ({ foodId, quantity, servingUnit, name }))).toEqual([
        { foodId: RICE, quantity: 1.5, servingUnit: 'cup', name: 'Rice, white, long-grain, cooked' },
        { foodId: GARLIC, quantity: 2, servingUnit: 'clove', name: 'Garlic' },
      ]);
      expect(again.id).toBe(repeated.id);
    } finally {
      resetFoods();
    }
  });
});

describe('deleting a meal', () => {
  it('takes it out of every read, keeps its symptoms unlinked, and refuses further changes with 409', async () => {
    const meal = await createMeal();
    await addFood(meal.id, RICE);
    const symptom = await services.call(Rpc.journal.logSymptom, { caller: me, input: { symptomType: 'bloating', severity: 'moderate', mealId: meal.id, timestamp: '2026-03-10T13:00:00Z' } });
    expect((await getMeal(meal.id)).symptoms).toEqual([symptom]);

    expect(await services.call(Rpc.journal.deleteMeal, { caller: me, mealId: meal.id })).toEqual({ message: JournalMessages.mealDeleted });

    expect(await services.failure(Rpc.journal.getMeal, { caller: me, mealId: meal.id })).toEqual({ status: 404, message: Messages.mealNotFound });
    expect((await services.call(Rpc.journal.listMeals, { caller: me, input: {} })).items.map((listed) => listed.id)).not.toContain(meal.id);
    const symptoms = (await services.call(Rpc.journal.listSymptoms, { caller: me, input: { date: '2026-03-10' } })).items;
    expect(symptoms.find((listed) => listed.id === symptom.id)).toEqual({ ...symptom, mealId: null });
    expect(await services.failure(Rpc.journal.addMealFood, { caller: me, mealId: meal.id, input: { foodId: RICE, quantity: 1, servingUnit: 'serving' } })).toEqual({
      status: 409,
      message: JournalMessages.mealIsDeleted,
    });
    expect(await services.failure(Rpc.journal.logSymptom, { caller: me, input: { symptomType: 'gas', severity: 'mild', mealId: meal.id } })).toEqual({
      status: 404,
      message: Messages.mealNotFound,
    });
    const [{ count }] = await journal.get(DataSource).query('SELECT count(*)::int AS count FROM journal.meal_foods WHERE meal_id = $1', [meal.id]);
    expect(count).toBe(0);
  });
});

describe('a meal created with its foods in one request (issue 18)', () => {
  const foodsOf = (meal: { foods: Array<{ foodId: number; quantity: number; servingUnit: string; grams: number | null }> }) =>
    meal.foods.map(({ foodId, quantity, servingUnit, grams }) => ({ foodId, quantity, servingUnit, grams }));
  const mealsOf = async (userId: number) => {
    const [row] = await journal.get(DataSource).query(
      `SELECT (SELECT count(*)::int FROM journal.meals WHERE user_id = $1) AS meals, (SELECT count(*)::int FROM journal.events WHERE (data->>'userId')::int = $1) AS events`,
      [userId],
    );
    return row as { meals: number; events: number };
  };

  it('records the meal and every food in one append and answers the meal with them, in the order given', async () => {
    const user = newUser();
    const input = {
      mealType: 'dinner' as const,
      name: 'Rice & garlic',
      timestamp: '2026-03-10T19:00:00Z',
      foods: [
        { foodId: RICE, quantity: 1.5, servingUnit: 'Cup' },
        { foodId: GARLIC, quantity: 2, servingUnit: 'clove' },
        { foodId: RICE, quantity: 50, servingUnit: 'g' },
      ],
    };

    const meal = await services.call(Rpc.journal.createMeal, { caller: user, input });

    expect(foodsOf(meal)).toEqual([
      { foodId: RICE, quantity: 1.5, servingUnit: 'cup', grams: 237 },
      { foodId: GARLIC, quantity: 2, servingUnit: 'clove', grams: 6 },
      { foodId: RICE, quantity: 50, servingUnit: 'g', grams: 50 },
    ]);
    expect(meal).toMatchObject({ name: 'Rice & garlic', mealType: 'dinner', completed: false, fodmapScore: 33 });
    expect(await getMeal(meal.id, user)).toEqual(meal);
    const events = await journal.get(EventStore).readStream(`meal-${meal.id}`);
    expect(events.map(({ type, streamVersion }) => [type, streamVersion])).toEqual([
      ['MealCreated', 1],
      ['MealFoodAdded', 2],
      ['MealFoodAdded', 3],
      ['MealFoodAdded', 4],
    ]);
    // One append: one transaction, consecutive positions.
    expect(new Set(events.map((event) => event.metadata.correlationId)).size).toBe(1);
    expect(events.map((event) => event.position - events[0].position)).toEqual([0, 1, 2, 3]);
  });

  it('stores nothing when one food is unknown (404) or takes no such unit (400)', async () => {
    const user = newUser();
    const base = { mealType: 'lunch' as const, name: 'Lunch', timestamp: '2026-03-10T12:00:00Z' };

    expect(
      await services.failure(Rpc.journal.createMeal, { caller: user, input: { ...base, foods: [{ foodId: RICE, quantity: 1, servingUnit: 'cup' }, { foodId: 9999, quantity: 1, servingUnit: 'serving' }] } }),
    ).toEqual({ status: 404, message: Messages.foodNotFound });
    expect(
      await services.failure(Rpc.journal.createMeal, { caller: user, input: { ...base, foods: [{ foodId: PRIVATE_SOUP, quantity: 1, servingUnit: 'serving' }] } }),
    ).toEqual({ status: 404, message: Messages.foodNotFound });
    expect(
      await services.failure(Rpc.journal.createMeal, { caller: user, input: { ...base, foods: [{ foodId: RICE, quantity: 1, servingUnit: 'cup' }, { foodId: GARLIC, quantity: 1, servingUnit: 'slice' }] } }),
    ).toEqual({ status: 400, message: JournalMessages.servingUnitInvalid(['clove', 'serving', 'g']) });
    expect(await mealsOf(user.userId)).toEqual({ meals: 0, events: 0 });
  });

  it('creates one meal for the same Idempotency-Key and foods sent twice, and refuses the key with other foods (422)', async () => {
    const user = newUser();
    const input = { mealType: 'lunch' as const, name: 'Lunch', timestamp: '2026-03-10T12:00:00Z', foods: [{ foodId: RICE, quantity: 1, servingUnit: 'cup' }] };

    const first = await services.call(Rpc.journal.createMeal, { caller: user, input, idempotencyKey: 'with-foods-1' });
    const again = await services.call(Rpc.journal.createMeal, { caller: user, input, idempotencyKey: 'with-foods-1' });
    const otherFoods = { ...input, foods: [{ foodId: RICE, quantity: 2, servingUnit: 'cup' }] };

    expect(again).toEqual(first);
    expect(await services.failure(Rpc.journal.createMeal, { caller: user, input: otherFoods, idempotencyKey: 'with-foods-1' })).toEqual({ status: 422, message: Messages.idempotencyKeyReused });
    expect(await mealsOf(user.userId)).toEqual({ meals: 1, events: 2 });
  });

  it('refuses a meal, or a repeat, more than the clock skew in the future', async () => {
    const user = newUser();
    const future = new Date(Date.now() + 5 * 60_000).toISOString();
    const meal = await createMeal(user);

    expect(await services.failure(Rpc.journal.createMeal, { caller: user, input: { mealType: 'lunch', name: 'Later', timestamp: future } })).toEqual({
      status: 400,
      message: JournalMessages.mealTimestampFuture,
    });
    expect(await services.failure(Rpc.journal.repeatMeal, { caller: user, mealId: meal.id, input: { timestamp: future } })).toEqual({ status: 400, message: JournalMessages.mealTimestampFuture });
    expect(await mealsOf(user.userId)).toEqual({ meals: 1, events: 1 });
  });
});

describe('corrections (issue 18)', () => {
  it("moves a completed meal to yesterday: today's figures leave it, yesterday's list has it, and the change is a MealChanged", async () => {
    const user = newUser();
    const today = todayIn(user.timeZone);
    const yesterday = localDay(new Date(Date.now() - 86_400_000), user.timeZone);
    const meal = await services.call(Rpc.journal.createMeal, {
      caller: user,
      input: { mealType: 'lunch', name: 'Garlic bread', timestamp: new Date().toISOString(), foods: [{ foodId: GARLIC, quantity: 1, servingUnit: 'clove' }] },
    });
    await services.call(Rpc.journal.completeMeal, { caller: user, mealId: meal.id });
    expect(await services.call(Rpc.journal.dashboardStats, { caller: user })).toMatchObject({ mealsLogged: 1, todayScore: 0 });
    const eatenAt = new Date(localDayRange(yesterday, user.timeZone).start.getTime() + 19 * 3_600_000).toISOString();

    const moved = await services.call(Rpc.journal.updateMeal, { caller: user, mealId: meal.id, input: { timestamp: eatenAt, mealType: 'dinner', notes: 'the night before' } });

    expect(moved).toMatchObject({ id: meal.id, timestamp: eatenAt, mealType: 'dinner', name: 'Garlic bread', notes: 'the night before', completed: true });
    expect(moved.foods).toEqual(meal.foods);
    expect(await services.call(Rpc.journal.dashboardStats, { caller: user })).toMatchObject({ mealsLogged: 0, todayScore: null });
    expect((await services.call(Rpc.journal.listMeals, { caller: user, input: { date: today } })).items).toEqual([]);
    expect((await services.call(Rpc.journal.listMeals, { caller: user, input: { date: yesterday } })).items.map(({ id }) => id)).toEqual([meal.id]);
    const [, , , changed] = await journal.get(EventStore).readStream(`meal-${meal.id}`);
    expect(changed).toMatchObject({
      type: 'MealChanged',
      schemaVersion: 1,
      streamVersion: 4,
      data: { mealId: meal.id, userId: user.userId, timestamp: eatenAt, mealType: 'dinner', name: 'Garlic bread', notes: 'the night before', changed: ['mealType', 'timestamp', 'notes'] },
    });
  });

  it('records nothing for a correction that changes nothing, and answers the meal as it is', async () => {
    const meal = await createMeal(me, '2026-03-10T12:00:00Z', 'Same');

    expect(await services.call(Rpc.journal.updateMeal, { caller: me, mealId: meal.id, input: { name: ' Same ', timestamp: '2026-03-10T13:00:00+01:00' } })).toEqual(meal);
    expect(await journal.get(EventStore).readStream(`meal-${meal.id}`)).toHaveLength(1);
  });

  it("corrects a completed meal's food amount: grams and rating follow, the food stays as it was", async () => {
    const meal = await createMeal();
    const { foods: [bread] } = await addFood(meal.id, BREAD, 1, 'serving');
    await services.call(Rpc.journal.completeMeal, { caller: me, mealId: meal.id });
    expect(bread).toMatchObject({ ratingAtQuantity: 'low', grams: 100 });

    const corrected = await services.call(Rpc.journal.updateMealFood, { caller: me, mealId: meal.id, entryId: bread.id, input: { quantity: 3, servingUnit: 'serving' } });

    // Three servings carry 0.45 g of fructans: high at that amount.
    expect(corrected.foods).toEqual([{ ...bread, quantity: 3, grams: 300, ratingAtQuantity: 'high', calories: 300 }]);
    expect(corrected).toMatchObject({ completed: true, fodmapScore: 100 });
    expect(await services.call(Rpc.journal.updateMealFood, { caller: me, mealId: meal.id, entryId: bread.id, input: { quantity: 3, servingUnit: 'SERVING' } })).toEqual(corrected);
    expect((await journal.get(EventStore).readStream(`meal-${meal.id}`)).map(({ type }) => type)).toEqual(['MealCreated', 'MealFoodAdded', 'MealCompleted', 'MealFoodChanged']);
    expect(await services.failure(Rpc.journal.updateMealFood, { caller: me, mealId: meal.id, entryId: bread.id, input: { quantity: 2, servingUnit: 'clove' } })).toEqual({
      status: 400,
      message: JournalMessages.servingUnitInvalid(['slices', 'serving', 'g']),
    });
    expect(await services.failure(Rpc.journal.updateMealFood, { caller: me, mealId: meal.id, entryId: 999_999, input: { quantity: 2, servingUnit: 'serving' } })).toEqual({
      status: 404,
      message: JournalMessages.mealEntryNotFound,
    });
  });

  it("answers 404 for another person's meal, entry or symptom, and 409 for a deleted meal", async () => {
    const meal = await createMeal();
    const { foods: [rice] } = await addFood(meal.id, RICE);
    const symptom = await services.call(Rpc.journal.logSymptom, { caller: me, input: { symptomType: 'gas', severity: 'mild' } });
    const notFound = { status: 404, message: Messages.mealNotFound };

    expect(await services.failure(Rpc.journal.updateMeal, { caller: stranger, mealId: meal.id, input: { name: 'Mine' } })).toEqual(notFound);
    expect(await services.failure(Rpc.journal.updateMealFood, { caller: stranger, mealId: meal.id, entryId: rice.id, input: { quantity: 2, servingUnit: 'serving' } })).toEqual(notFound);
    expect(await services.failure(Rpc.journal.updateSymptom, { caller: stranger, symptomId: symptom.id, input: { severity: 'severe' } })).toEqual({
      status: 404,
      message: JournalMessages.symptomNotFound,
    });
    await services.call(Rpc.journal.deleteMeal, { caller: me, mealId: meal.id });
    const deleted = { status: 409, message: JournalMessages.mealIsDeleted };
    expect(await services.failure(Rpc.journal.updateMeal, { caller: me, mealId: meal.id, input: { name: 'Again' } })).toEqual(deleted);
    expect(await services.failure(Rpc.journal.updateMealFood, { caller: me, mealId: meal.id, entryId: rice.id, input: { quantity: 2, servingUnit: 'serving' } })).toEqual(deleted);
  });

  it("corrects a symptom's severity, time and meal; links only the caller's meals that are not deleted", async () => {
    const user = newUser();
    const breakfast = await createMeal(user, '2026-03-10T08:00:00Z', 'Breakfast');
    const symptom = await services.call(Rpc.journal.logSymptom, { caller: user, input: { symptomType: 'bloating', severity: 'mild', timestamp: '2026-03-10T12:00:00Z' } });

    const corrected = await services.call(Rpc.journal.updateSymptom, {
      caller: user,
      symptomId: symptom.id,
      input: { severity: 'severe', timestamp: '2026-03-10T11:05:00Z', mealId: breakfast.id, notes: 'after coffee' },
    });

    expect(corrected).toEqual({ ...symptom, severity: 'severe', timestamp: '2026-03-10T11:05:00.000Z', mealId: breakfast.id, notes: 'after coffee' });
    expect((await getMeal(breakfast.id, user)).symptoms).toEqual([corrected]);
    expect(await services.call(Rpc.journal.updateSymptom, { caller: user, symptomId: symptom.id, input: { severity: 'severe' } })).toEqual(corrected);
    const strangersMeal = await createMeal(stranger);
    expect(await services.failure(Rpc.journal.updateSymptom, { caller: user, symptomId: symptom.id, input: { mealId: strangersMeal.id } })).toEqual({ status: 404, message: Messages.mealNotFound });
    expect(
      await services.failure(Rpc.journal.updateSymptom, { caller: user, symptomId: symptom.id, input: { timestamp: new Date(Date.now() + 5 * 60_000).toISOString() } }),
    ).toEqual({ status: 400, message: JournalMessages.symptomTimestampInvalid });
    expect((await journal.get(EventStore).readStream(`symptom-${symptom.id}`)).map(({ type }) => type)).toEqual(['SymptomLogged', 'SymptomChanged']);

    // The meal deleted, the symptom stays unlinked through a later correction, and cannot be linked to it again.
    await services.call(Rpc.journal.deleteMeal, { caller: user, mealId: breakfast.id });
    expect(await services.call(Rpc.journal.updateSymptom, { caller: user, symptomId: symptom.id, input: { severity: 'moderate' } })).toMatchObject({ severity: 'moderate', mealId: null });
    expect(await services.failure(Rpc.journal.updateSymptom, { caller: user, symptomId: symptom.id, input: { mealId: breakfast.id } })).toEqual({ status: 404, message: Messages.mealNotFound });
    expect(await services.call(Rpc.journal.updateSymptom, { caller: user, symptomId: symptom.id, input: { mealId: null, notes: null } })).toMatchObject({ mealId: null, notes: null });
  });
});

describe('many writes landing together', () => {
  it('keep the read tables as the events say, and never link a symptom to a meal deleted in the same moment', async () => {
    const user = newUser();
    const meals = await Promise.all(Array.from({ length: 6 }, (_, index) => createMeal(user, `2026-03-11T0${index}:00:00Z`, `Meal ${index}`)));
    const [kept, deleted, completed] = meals;
    const [first] = (await addFood(kept.id, RICE, 1, 'serving', user)).foods;
    await addFood(completed.id, RICE, 1, 'serving', user);

    // Concurrent writes of every kind, written by the journal in append groups of several streams at once.
    const outcomes = await Promise.allSettled([
      ...meals.slice(3).map((meal, index) => addFood(meal.id, index % 2 === 0 ? RICE : GARLIC, index + 1, 'serving', user)),
      services.call(Rpc.journal.updateMealFood, { caller: user, mealId: kept.id, entryId: first.id, input: { quantity: 3, servingUnit: 'cup' } }),
      services.call(Rpc.journal.deleteMeal, { caller: user, mealId: deleted.id }),
      services.call(Rpc.journal.logSymptom, { caller: user, input: { symptomType: 'gas', severity: 'mild', mealId: deleted.id, timestamp: '2026-03-11T09:00:00Z' } }),
      services.call(Rpc.journal.completeMeal, { caller: user, mealId: completed.id }),
      ...Array.from({ length: 4 }, (_, index) =>
        services.call(Rpc.journal.logSymptom, { caller: user, input: { symptomType: 'pain', severity: 'severe', mealId: meals[3 + (index % 3)].id, timestamp: '2026-03-11T10:00:00Z' } }),
      ),
    ]);

    const linkedToDeleted = outcomes[5];
    expect(outcomes.filter((outcome) => outcome.status === 'rejected' && outcome !== linkedToDeleted)).toEqual([]);
    if (linkedToDeleted.status === 'rejected') expect(linkedToDeleted.reason).toMatchObject({ status: 404, message: Messages.mealNotFound });
    // Logged before the deletion committed (linked in its answer, unlinked by the deletion) or after it (unlinked).
    else expect([deleted.id, null]).toContain(linkedToDeleted.value.mealId);
    const dataSource = journal.get(DataSource);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM journal.symptoms WHERE user_id = $1 AND meal_id = $2', [user.userId, deleted.id])).toEqual([{ n: 0 }]);
    const mealIds: Array<{ id: string }> = await dataSource.query('SELECT id FROM journal.meals WHERE user_id = $1 ORDER BY id', [user.userId]);
    expect(mealIds.map(({ id }) => Number(id))).toEqual(meals.filter((meal) => meal !== deleted).map((meal) => meal.id).sort((a, b) => a - b));
    expect(await getMeal(kept.id, user)).toMatchObject({ foods: [expect.objectContaining({ id: first.id, quantity: 3, servingUnit: 'cup', grams: 474 })] });
    expect(await getMeal(completed.id, user)).toMatchObject({ completed: true });
    for (const [index, meal] of meals.slice(3).entries()) {
      const answered = await getMeal(meal.id, user);
      expect(answered.foods).toEqual([expect.objectContaining({ foodId: index % 2 === 0 ? RICE : GARLIC, quantity: index + 1 })]);
      expect(answered.symptoms).toHaveLength(index === 0 ? 2 : 1);
    }
  });
});

describe('symptoms', () => {
  it('are logged now by default, at an earlier time when given, never in the future beyond clock skew', async () => {
    const user = newUser();
    const before = Date.now();
    const now = await services.call(Rpc.journal.logSymptom, { caller: user, input: { symptomType: 'pain', severity: 'severe', notes: 'After lunch' } });
    const earlier = await services.call(Rpc.journal.logSymptom, { caller: user, input: { symptomType: 'gas', severity: 'mild', timestamp: '2026-01-02T08:00:00+01:00' } });

    expect(Date.parse(now.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(now).toMatchObject({ symptomType: 'pain', severity: 'severe', notes: 'After lunch', mealId: null });
    expect(earlier.timestamp).toBe('2026-01-02T07:00:00.000Z');
    expect(
      await services.failure(Rpc.journal.logSymptom, { caller: user, input: { symptomType: 'gas', severity: 'mild', timestamp: new Date(Date.now() + 5 * 60_000).toISOString() } }),
    ).toEqual({ status: 400, message: JournalMessages.symptomTimestampInvalid });
    expect((await services.call(Rpc.journal.listSymptoms, { caller: user, input: {} })).items.map((symptom) => symptom.id)).toEqual([now.id, earlier.id]);
  });

  it("are deleted by their owner only: another user's, a missing or a deleted one is a 404", async () => {
    const symptom = await services.call(Rpc.journal.logSymptom, { caller: me, input: { symptomType: 'nausea', severity: 'mild' }, idempotencyKey: 'nausea-1' });
    const again = await services.call(Rpc.journal.logSymptom, { caller: me, input: { symptomType: 'nausea', severity: 'mild' }, idempotencyKey: 'nausea-1' });
    expect(again).toEqual(symptom);

    expect(await services.failure(Rpc.journal.deleteSymptom, { caller: stranger, symptomId: symptom.id })).toEqual({ status: 404, message: JournalMessages.symptomNotFound });
    expect(await services.call(Rpc.journal.deleteSymptom, { caller: me, symptomId: symptom.id })).toEqual({ message: JournalMessages.symptomDeleted });
    expect(await services.failure(Rpc.journal.deleteSymptom, { caller: me, symptomId: symptom.id })).toEqual({ status: 404, message: JournalMessages.symptomNotFound });
    expect(await services.failure(Rpc.journal.deleteSymptom, { caller: me, symptomId: 999_999 })).toEqual({ status: 404, message: JournalMessages.symptomNotFound });
  });
});

describe("the caller's own days", () => {
  // Meals are never in the future (issue 18): yesterday's 23:30 is the latest local evening always in the past.
  it("puts yesterday's 23:30 in Los Angeles on that local day for ?date=, and off today's list and dashboard, though it is today in UTC", async () => {
    const angeleno = newUser('America/Los_Angeles');
    const today = todayIn(angeleno.timeZone);
    const { start: todayStart } = localDayRange(today, angeleno.timeZone);
    const yesterday = localDay(new Date(todayStart.getTime() - 60_000), angeleno.timeZone);
    const { start } = localDayRange(yesterday, angeleno.timeZone);
    const lateEvening = new Date(todayStart.getTime() - 30 * 60_000).toISOString();
    const late = await createMeal(angeleno, lateEvening, 'Late snack');
    await addFood(late.id, GARLIC, 1, 'clove', angeleno);
    const breakfast = await createMeal(angeleno, start.toISOString(), 'Breakfast');
    await addFood(breakfast.id, RICE, 1, 'serving', angeleno);
    const midnight = await createMeal(angeleno, todayStart.toISOString(), 'Midnight');
    await addFood(midnight.id, RICE, 1, 'serving', angeleno);
    await addFood(midnight.id, GARLIC, 1, 'clove', angeleno);
    await services.call(Rpc.journal.logSymptom, { caller: angeleno, input: { symptomType: 'bloating', severity: 'mild', mealId: breakfast.id, timestamp: start.toISOString() } });
    await services.call(Rpc.journal.logSymptom, { caller: angeleno, input: { symptomType: 'gas', severity: 'mild', timestamp: todayStart.toISOString() } });

    expect(lateEvening.slice(0, 10)).toBe(today);
    const ids = (meals: { id: number }[]) => meals.map((meal) => meal.id);
    expect(ids((await services.call(Rpc.journal.listMeals, { caller: angeleno, input: { date: yesterday } })).items)).toEqual([late.id, breakfast.id]);
    expect(ids((await services.call(Rpc.journal.listMeals, { caller: angeleno, input: { todayOnly: true } })).items)).toEqual([midnight.id]);
    expect(ids((await services.call(Rpc.journal.listMeals, { caller: angeleno, input: {} })).items)).toEqual([midnight.id, late.id, breakfast.id]);
    // One low food and one high food today: 100 minus 50 risk, 'fair' (spec §9).
    expect(await services.call(Rpc.journal.dashboardStats, { caller: angeleno })).toEqual({
      todayScore: 50,
      todayBand: 'fair',
      mealsLogged: 1,
      symptomsCount: 1,
      unknownFoods: 0,
      stackingWarnings: [],
    });
  });

  it('gives an empty day no score, and a day of only unknown foods none either, counting them apart', async () => {
    const user = newUser();
    expect(await services.call(Rpc.journal.dashboardStats, { caller: user })).toEqual({ todayScore: null, todayBand: null, mealsLogged: 0, symptomsCount: 0, unknownFoods: 0, stackingWarnings: [] });
    const meal = await createMeal(user, new Date().toISOString());
    await addFood(meal.id, MYSTERY, 1, 'serving', user);
    const stacked = await createMeal(user, new Date().toISOString(), 'Toast & biscuits');
    await addFood(stacked.id, BREAD, 1, 'serving', user);
    await addFood(stacked.id, OATS, 1, 'serving', user);

    expect(await services.call(Rpc.journal.dashboardStats, { caller: user })).toMatchObject({
      todayScore: 100,
      todayBand: 'excellent',
      mealsLogged: 2,
      unknownFoods: 1,
      stackingWarnings: [{ mealId: stacked.id, mealName: 'Toast & biscuits', groups: ['oligosaccharides'] }],
    });
  });
});

it('serves the education articles', async () => {
  const articles = await services.call(Rpc.journal.education, { caller: me });

  expect(articles.length).toBeGreaterThan(0);
  expect(articles[0]).toMatchObject({ title: 'Understanding FODMAP Stacking', readTime: 5 });
});

describe("a person's export (issue 20)", () => {
  it("pages through every meal and symptom, oldest first, meals at the same instant alike, and none of anyone else's", async () => {
    const who = newUser();
    // 205 meals at three instants: three pages of 100, each page's end among meals of the same instant.
    const instants = ['2026-01-05T12:00:00.000Z', '2026-01-03T08:00:00.000Z', '2026-01-04T19:30:00.000Z'];
    const created: number[] = [];
    for (let start = 0; start < 205; start += 10) {
      const batch = await Promise.all(Array.from({ length: Math.min(10, 205 - start) }, (_, i) => createMeal(who, instants[(start + i) % 3], `Meal ${start + i}`)));
      created.push(...batch.map((meal) => meal.id));
    }
    const logged = [];
    for (const [index, timestamp] of ['2026-01-06T10:00:00.000Z', '2026-01-02T10:00:00.000Z', '2026-01-06T10:00:00.000Z'].entries()) {
      logged.push(await services.call(Rpc.journal.logSymptom, { caller: who, input: { symptomType: 'gas', severity: 'mild', notes: `Symptom ${index}`, mealId: created[0], timestamp } }));
    }
    await createMeal(stranger, instants[0], 'Not yours');

    const exported: Meal[] = [];
    let pages = 0;
    for (let after: RpcParsed<typeof Rpc.journal.exportMeals>['after'] = null; ; ) {
      const page = await services.call(Rpc.journal.exportMeals, { caller: who, after });
      pages += 1;
      exported.push(...page.items);
      if (page.next === null) break;
      after = page.next;
    }
    expect(pages).toBe(3);
    expect(exported.map((meal) => meal.id).sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
    const times = exported.map((meal) => meal.timestamp);
    expect(times).toEqual([...times].sort());
    expect(exported.find((meal) => meal.id === created[0])?.symptoms.map((symptom) => symptom.notes)).toEqual(['Symptom 2', 'Symptom 0', 'Symptom 1']);

    const symptoms = await services.call(Rpc.journal.exportSymptoms, { caller: who, after: null });
    expect(symptoms).toEqual({ items: [logged[1], logged[0], logged[2]], next: null });
    expect(symptoms.items[0]).toEqual({ id: logged[1].id, symptomType: 'gas', severity: 'mild', notes: 'Symptom 1', timestamp: '2026-01-02T10:00:00.000Z', mealId: created[0] });
  });
});

// Other suites of the run also write to the journal schema: this one compares, it does not count.
it('rebuilds meals, meal_foods and symptoms from the events table to the same rows', async () => {
  const dataSource = journal.get(DataSource);
  const read = async () => ({
    meals: await dataSource.query('SELECT * FROM journal.meals ORDER BY id'),
    foods: await dataSource.query('SELECT * FROM journal.meal_foods ORDER BY id'),
    symptoms: await dataSource.query('SELECT * FROM journal.symptoms ORDER BY id'),
    indexes: await dataSource.query(`SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'journal' AND tablename IN ('meal_foods', 'symptoms') ORDER BY indexname`),
  });
  const before = await read();
  expect(before.foods.length).toBeGreaterThan(10);

  await rebuildInlineProjection(journal.get(EventStore), mealsProjection);
  await rebuildInlineProjection(journal.get(EventStore), symptomsProjection);

  expect(await read()).toEqual(before);
});
