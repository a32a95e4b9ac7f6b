import { CreateMealInput, Food, InsightsActivity, JournalMessages, localDay, LogSymptomInput, Meal, MEAL_FOODS_MAX, Messages, servingUnitsFor, Symptom, httpContract, todayIn } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { provided } from '../support/provided';
import { ApiSession, catalogueFood, okBody, registerUser } from '../support/api';

// Issue 18: a meal saved with its foods in one request, and corrections of meals, their foods' amounts and symptoms.

const LONDON = 'Europe/London';
const DAY_MS = 86_400_000;
/** The insights are projected from the journal's events: an answer catches up with a write within this. */
const PROJECTED_WITHIN_MS = 30_000;

let ann: ApiSession;
let bob: ApiSession;
/** Catalogue foods rated at one serving without measured components: low, medium and high at quantity 1. */
let egg: Food;
let celery: Food;
let garlic: Food;
const db = new Client({ connectionString: provided('databaseUrl') });

beforeAll(async () => {
  await db.connect();
  ann = (await registerUser('corrections-ann', 'Ann')).api;
  bob = (await registerUser('corrections-bob', 'Bob')).api;
  [egg, celery, garlic] = await Promise.all(['Egg, hard-boiled', 'Celery stalks, raw', 'Garlic, raw'].map((name) => catalogueFood(ann, name)));
});

afterAll(async () => {
  await db.end();
});

const serving = (food: Food, quantity = 1) => ({ foodId: food.id, quantity, servingUnit: 'serving' });

async function createMeal(api: ApiSession, fields: Partial<CreateMealInput> = {}): Promise<Meal> {
  const res = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Lunch', timestamp: new Date().toISOString(), ...fields } });
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
  return okBody(res);
}

async function complete(api: ApiSession, mealId: number): Promise<Meal> {
  const res = await api.call(httpContract.meals.complete, { params: { id: mealId } });
  expect(res.status).toBe(200);
  return okBody(res);
}

async function logSymptom(api: ApiSession, fields: Partial<LogSymptomInput> = {}): Promise<Symptom> {
  const res = await api.call(httpContract.symptoms.log, { body: { symptomType: 'bloating', severity: 'mild', ...fields } });
  expect(res.status).toBe(201);
  return okBody(res);
}

/** The person's today and yesterday, and 19:00 yesterday as an instant: a dinner moved to the evening before. */
function days(timeZone = LONDON) {
  const today = todayIn(timeZone);
  const yesterday = localDay(new Date(Date.now() - DAY_MS), timeZone);
  return { today, yesterday };
}

/** An instant of the evening before, early enough to be yesterday in London whatever the time of year. */
const yesterdayEvening = (yesterday: string) => `${yesterday}T18:00:00.000Z`;

/** Polls the activity of the two days until `check` passes (insights has projected the change). */
function activity(api: ApiSession, startDate: string, endDate: string, check: (answer: InsightsActivity) => void): Promise<InsightsActivity> {
  return eventually(async () => {
    const res = await api.call(httpContract.insights.activity, { query: { startDate, endDate } });
    expect(res.status).toBe(200);
    check(okBody(res));
    return okBody(res);
  }, PROJECTED_WITHIN_MS);
}

const dayFigures = ({ dailyData }: InsightsActivity) => dailyData.map(({ date, mealsCount, avgFodmapRisk, symptomCount }) => ({ date, mealsCount, avgFodmapRisk, symptomCount }));

/** The journal's events of a stream, as its events table holds them. */
async function eventsOf(streamId: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
  return (await db.query('SELECT type, data FROM journal.events WHERE stream_id = $1 ORDER BY stream_version', [streamId])).rows;
}

describe('POST /api/meals with foods', () => {
  it('saves the meal and every food in one request, answers it with them in order, and the day counts it', async () => {
    const { api } = await registerUser('meal-with-foods');

    const res = await api.call(httpContract.meals.create, { body: {
      mealType: 'dinner',
      name: 'Egg, celery & garlic',
      timestamp: new Date().toISOString(),
      foods: [serving(egg), serving(celery), { foodId: garlic.id, quantity: 0.5, servingUnit: 'g' }],
    } });

    expect(res.status).toBe(201);
    const meal = okBody(res);
    expect(meal.foods.map(({ foodId, quantity, servingUnit }) => ({ foodId, quantity, servingUnit }))).toEqual([
      { foodId: egg.id, quantity: 1, servingUnit: 'serving' },
      { foodId: celery.id, quantity: 1, servingUnit: 'serving' },
      { foodId: garlic.id, quantity: 0.5, servingUnit: 'g' },
    ]);
    expect(meal).toMatchObject({ name: 'Egg, celery & garlic', mealType: 'dinner', completed: false });
    expect((await api.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(meal);
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ mealsLogged: 1 });
    expect((await eventsOf(`meal-${meal.id}`)).map(({ type }) => type)).toEqual(['MealCreated', 'MealFoodAdded', 'MealFoodAdded', 'MealFoodAdded']);
  });

  it('stores nothing when one food is unknown (404) or takes no such unit (400)', async () => {
    const { api } = await registerUser('meal-all-or-nothing');
    const base: CreateMealInput = { mealType: 'lunch', name: 'Lunch', timestamp: new Date().toISOString() };

    const unknown = await api.call(httpContract.meals.create, { body: { ...base, foods: [serving(egg), serving(celery), { foodId: 2_000_000_000, quantity: 1, servingUnit: 'serving' }] } });
    const badUnit = await api.call(httpContract.meals.create, { body: { ...base, foods: [serving(egg), { foodId: celery.id, quantity: 1, servingUnit: 'slice' }] } });

    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: { message: Messages.foodNotFound } });
    expect({ status: badUnit.status, body: badUnit.body }).toEqual({ status: 400, body: { message: JournalMessages.servingUnitInvalid(servingUnitsFor(celery)) } });
    expect((await api.call(httpContract.meals.list)).body).toEqual([]);
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ mealsLogged: 0 });
  });

  it('names what is wrong with the foods, and refuses a meal in the future', async () => {
    const base = { mealType: 'lunch', name: 'Lunch', timestamp: new Date().toISOString() };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, foods: 'eggs' }, JournalMessages.mealFoodsInvalid],
      [{ ...base, foods: [{ ...serving(egg), quantity: 0.25 }] }, JournalMessages.quantityInvalid],
      [{ ...base, foods: [{ foodId: egg.id, quantity: 1 }] }, JournalMessages.servingUnitRequired],
      [{ ...base, foods: Array.from({ length: MEAL_FOODS_MAX + 1 }, () => serving(egg)) }, JournalMessages.mealFoodsTooMany],
      [{ ...base, timestamp: new Date(Date.now() + 10 * 60_000).toISOString(), foods: [serving(egg)] }, JournalMessages.mealTimestampFuture],
      [{ ...base, timestamp: new Date(Date.now() + 10 * 60_000).toISOString() }, JournalMessages.mealTimestampFuture],
    ];
    for (const [body, message] of cases) {
      const res = await ann.send(httpContract.meals.create, { body });
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { message } });
    }
    const meal = await createMeal(ann);
    expect(await ann.call(httpContract.meals.repeat, { params: { id: meal.id }, body: { timestamp: new Date(Date.now() + 10 * 60_000).toISOString() } })).toMatchObject({
      status: 400,
      body: { message: JournalMessages.mealTimestampFuture },
    });
  });

  it('creates one meal for a retry with the same Idempotency-Key, and refuses the key with other foods (422)', async () => {
    const { api } = await registerUser('meal-with-foods-retry');
    const body: CreateMealInput = { mealType: 'breakfast', name: 'Eggs', timestamp: new Date().toISOString(), foods: [serving(egg), serving(celery)] };
    const key = `with-foods-${Date.now()}`;

    const first = await api.call(httpContract.meals.create, { body, headers: { 'Idempotency-Key': key } });
    const retry = await api.call(httpContract.meals.create, { body, headers: { 'Idempotency-Key': key } });
    const other = await api.call(httpContract.meals.create, { body: { ...body, foods: [serving(egg, 2)] }, headers: { 'Idempotency-Key': key } });

    expect(first.status).toBe(201);
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect({ status: other.status, body: other.body }).toEqual({ status: 422, body: { message: Messages.idempotencyKeyReused } });
    expect(okBody(await api.call(httpContract.meals.list)).map((meal) => meal.foods.length)).toEqual([2]);
  });
});

describe('PATCH /api/meals/:id', () => {
  it("moves a completed meal to yesterday: the answer, the meal, today's figures and the insights follow", async () => {
    const { api } = await registerUser('meal-moved', 'Mo', LONDON);
    const { today, yesterday } = days();
    const meal = await complete(api, (await createMeal(api, { name: 'Garlic toast', foods: [serving(garlic)] })).id);
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ mealsLogged: 1, todayScore: 0 });
    await activity(api, yesterday, today, (answer) => expect(answer.dailyData[0]).toMatchObject({ date: today, mealsCount: 1 }));
    const timestamp = yesterdayEvening(yesterday);

    const res = await api.call(httpContract.meals.update, { params: { id: meal.id }, body: { timestamp, mealType: 'dinner', name: ' Garlic bread ', notes: 'the night before' } });

    expect(res.status).toBe(200);
    const moved = okBody(res);
    expect(moved).toEqual({ ...meal, timestamp, mealType: 'dinner', name: 'Garlic bread', notes: 'the night before' });
    expect((await api.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(moved);
    expect((await api.call(httpContract.meals.list, { query: { todayOnly: 'true' } })).body).toEqual([]);
    expect((await api.call(httpContract.meals.list, { query: { date: yesterday } })).body).toEqual([moved]);
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ mealsLogged: 0, todayScore: null });
    const answer = await activity(api, yesterday, today, (current) => expect(current.dailyData[0]).toMatchObject({ date: today, mealsCount: 0 }));
    expect(dayFigures(answer)).toEqual([
      { date: today, mealsCount: 0, avgFodmapRisk: null, symptomCount: 0 },
      { date: yesterday, mealsCount: 1, avgFodmapRisk: 100, symptomCount: 0 },
    ]);
    const events = await eventsOf(`meal-${meal.id}`);
    expect(events.map(({ type }) => type)).toEqual(['MealCreated', 'MealFoodAdded', 'MealCompleted', 'MealChanged']);
    expect(events[3].data).toMatchObject({ mealId: meal.id, timestamp, mealType: 'dinner', name: 'Garlic bread', notes: 'the night before', changed: ['name', 'mealType', 'timestamp', 'notes'], timeZone: LONDON });
  });

  it('records nothing for a correction that changes nothing, and clears the notes with null or blank', async () => {
    const meal = await createMeal(ann, { notes: 'with tea' });

    expect(await ann.call(httpContract.meals.update, { params: { id: meal.id }, body: { name: meal.name, mealType: meal.mealType } })).toMatchObject({ status: 200, body: meal });
    expect(await ann.call(httpContract.meals.update, { params: { id: meal.id }, body: { notes: '  ' } })).toMatchObject({ status: 200, body: { ...meal, notes: null } });
    expect((await eventsOf(`meal-${meal.id}`)).map(({ type }) => type)).toEqual(['MealCreated', 'MealChanged']);
  });

  it('names what is wrong: an empty body, an unknown field, a bad or future time, a bad type or id', async () => {
    const meal = await createMeal(ann);
    const cases: Array<[string | number, unknown, string]> = [
      [meal.id, {}, JournalMessages.nothingToUpdate],
      [meal.id, { completed: true }, JournalMessages.mealUpdateUnknownField],
      [meal.id, { name: 'Soup', foods: [] }, JournalMessages.mealUpdateUnknownField],
      [meal.id, { timestamp: 'yesterday-ish' }, Messages.mealTimestampInvalid],
      [meal.id, { timestamp: new Date(Date.now() + 10 * 60_000).toISOString() }, JournalMessages.mealTimestampFuture],
      [meal.id, { mealType: 'brunch' }, Messages.mealTypeInvalid],
      [meal.id, { name: ' ' }, Messages.mealNameRequired],
      ['lunch', { name: 'Soup' }, JournalMessages.mealIdInvalid],
    ];
    for (const [id, body, message] of cases) {
      const res = await ann.send(httpContract.meals.update, { params: { id }, body });
      expect({ id, body, status: res.status, answer: res.body }).toEqual({ id, body, status: 400, answer: { message } });
    }
    expect((await ann.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(meal);
  });
});

describe('PATCH /api/meals/:id/foods/:entryId', () => {
  it("corrects the amount of a completed meal's food: its rating, the meal's score, today's score and the insights follow", async () => {
    const { api } = await registerUser('amount-corrected', 'Amy', LONDON);
    const { today } = days();
    const meal = await complete(api, (await createMeal(api, { foods: [serving(egg), serving(garlic)] })).id);
    expect(meal).toMatchObject({ fodmapScore: 50 });
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ todayScore: 50 });
    await activity(api, today, today, (answer) => expect(dayFigures(answer)).toEqual([{ date: today, mealsCount: 1, avgFodmapRisk: 50, symptomCount: 0 }]));
    const [eggEntry] = meal.foods;

    const res = await api.call(httpContract.meals.updateFood, { params: { id: meal.id, entryId: eggEntry.id }, body: { quantity: 2, servingUnit: 'Serving' } });

    // Two eggs are beyond the serving egg was rated at: counted apart, as unknown, leaving the garlic's risk alone.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: meal.id, completed: true, fodmapScore: 100, unknownFoods: 1 });
    expect(okBody(res).foods[0]).toMatchObject({ id: eggEntry.id, foodId: egg.id, quantity: 2, servingUnit: 'serving', ratingAtQuantity: 'unknown', food: eggEntry.food });
    expect((await api.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(res.body);
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ todayScore: 0, unknownFoods: 1 });
    await activity(api, today, today, (answer) => expect(dayFigures(answer)).toEqual([{ date: today, mealsCount: 1, avgFodmapRisk: 100, symptomCount: 0 }]));
    const events = await eventsOf(`meal-${meal.id}`);
    expect(events.map(({ type }) => type)).toEqual(['MealCreated', 'MealFoodAdded', 'MealFoodAdded', 'MealCompleted', 'MealFoodChanged']);
    expect(events[4].data).toMatchObject({ entryId: eggEntry.id, quantity: 2, servingUnit: 'serving', food: { id: egg.id } });
    // The same amount again records nothing.
    expect(await api.call(httpContract.meals.updateFood, { params: { id: meal.id, entryId: eggEntry.id }, body: { quantity: 2, servingUnit: 'serving' } })).toMatchObject({ status: 200, body: res.body });
    expect(await eventsOf(`meal-${meal.id}`)).toHaveLength(5);
  });

  it('names what is wrong: quantity, unit, an unknown field, a bad id; an entry not in the meal is a 404', async () => {
    const meal = await createMeal(ann, { foods: [serving(egg)] });
    const entry = { id: meal.id, entryId: meal.foods[0].id };
    const cases: Array<[{ id: number; entryId: number | string }, unknown, string]> = [
      [entry, {}, JournalMessages.quantityInvalid],
      [entry, { quantity: 0.25, servingUnit: 'serving' }, JournalMessages.quantityInvalid],
      [entry, { quantity: 0, servingUnit: 'serving' }, JournalMessages.quantityInvalid],
      [entry, { quantity: 1 }, JournalMessages.servingUnitRequired],
      [entry, { quantity: 1, servingUnit: 'bucket' }, JournalMessages.servingUnitInvalid(servingUnitsFor(egg))],
      [entry, { quantity: 1, servingUnit: 'serving', foodId: celery.id }, JournalMessages.mealFoodUpdateUnknownField],
      [{ id: meal.id, entryId: 'first' }, { quantity: 1, servingUnit: 'serving' }, JournalMessages.mealEntryIdInvalid],
    ];
    for (const [params, body, message] of cases) {
      const res = await ann.send(httpContract.meals.updateFood, { params, body });
      expect({ params, body, status: res.status, answer: res.body }).toEqual({ params, body, status: 400, answer: { message } });
    }
    expect(await ann.call(httpContract.meals.updateFood, { params: { id: meal.id, entryId: 2000000000 }, body: { quantity: 1, servingUnit: 'serving' } })).toMatchObject({
      status: 404,
      body: { message: JournalMessages.mealEntryNotFound },
    });
    expect((await ann.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(meal);
  });
});

describe('PATCH /api/symptoms/:id', () => {
  it("corrects severity, time, notes and meal: the answer, the lists, the meal and the day's figures follow", async () => {
    const { api } = await registerUser('symptom-corrected', 'Sam', LONDON);
    const { today, yesterday } = days();
    const dinner = await createMeal(api, { mealType: 'dinner', name: 'Dinner', timestamp: yesterdayEvening(yesterday), foods: [serving(garlic)] });
    const symptom = await logSymptom(api);
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ symptomsCount: 1 });
    const timestamp = `${yesterday}T21:00:00.000Z`;

    const res = await api.call(httpContract.symptoms.update, { params: { id: symptom.id }, body: { severity: 'severe', timestamp, mealId: dinner.id, notes: 'woke me up' } });

    expect(res.status).toBe(200);
    const corrected = okBody(res);
    expect(corrected).toEqual({ ...symptom, severity: 'severe', timestamp, mealId: dinner.id, notes: 'woke me up' });
    expect((await api.call(httpContract.symptoms.list, { query: { date: yesterday } })).body).toEqual([corrected]);
    expect((await api.call(httpContract.symptoms.list, { query: { date: today } })).body).toEqual([]);
    expect(okBody(await api.call(httpContract.meals.get, { params: { id: dinner.id } })).symptoms).toEqual([corrected]);
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ symptomsCount: 0 });
    const answer = await activity(api, yesterday, today, (current) => expect(current.dailyData[0]).toMatchObject({ date: today, symptomCount: 0 }));
    expect(dayFigures(answer)).toEqual([
      { date: today, mealsCount: 0, avgFodmapRisk: null, symptomCount: 0 },
      { date: yesterday, mealsCount: 1, avgFodmapRisk: 100, symptomCount: 1 },
    ]);
    const events = await eventsOf(`symptom-${symptom.id}`);
    expect(events.map(({ type }) => type)).toEqual(['SymptomLogged', 'SymptomChanged']);
    expect(events[1].data).toMatchObject({ symptomId: symptom.id, severity: 'severe', mealId: dinner.id, timestamp, changed: ['severity', 'notes', 'mealId', 'timestamp'] });
  });

  it('links only one of the caller’s meals that is not deleted, and unlinks with null', async () => {
    const meal = await createMeal(ann);
    const bobsMeal = await createMeal(bob);
    const symptom = await logSymptom(ann, { mealId: meal.id });

    expect(await ann.call(httpContract.symptoms.update, { params: { id: symptom.id }, body: { mealId: bobsMeal.id } })).toMatchObject({ status: 404, body: { message: Messages.mealNotFound } });
    expect(await ann.call(httpContract.symptoms.update, { params: { id: symptom.id }, body: { mealId: null } })).toMatchObject({ status: 200, body: { ...symptom, mealId: null } });
    expect((await ann.call(httpContract.meals.remove, { params: { id: meal.id } })).status).toBe(200);
    expect(await ann.call(httpContract.symptoms.update, { params: { id: symptom.id }, body: { mealId: meal.id } })).toMatchObject({ status: 404, body: { message: Messages.mealNotFound } });
  });

  it('names what is wrong: an empty body, an unknown field, a bad type, severity, time or id', async () => {
    const symptom = await logSymptom(ann);
    const cases: Array<[string | number, unknown, string]> = [
      [symptom.id, {}, JournalMessages.nothingToUpdate],
      [symptom.id, { severity: 'mild', duration: 3 }, JournalMessages.symptomUpdateUnknownField],
      [symptom.id, { symptomType: 'sneezing' }, JournalMessages.symptomTypeInvalid],
      [symptom.id, { severity: 'unbearable' }, JournalMessages.severityInvalid],
      [symptom.id, { timestamp: 'tomorrow' }, JournalMessages.symptomTimestampInvalid],
      [symptom.id, { timestamp: new Date(Date.now() + 10 * 60_000).toISOString() }, JournalMessages.symptomTimestampInvalid],
      [symptom.id, { mealId: 'lunch' }, JournalMessages.mealIdInvalid],
      ['bloating', { severity: 'mild' }, JournalMessages.symptomIdInvalid],
    ];
    for (const [id, body, message] of cases) {
      const res = await ann.send(httpContract.symptoms.update, { params: { id }, body });
      expect({ id, body, status: res.status, answer: res.body }).toEqual({ id, body, status: 400, answer: { message } });
    }
    expect((await ann.call(httpContract.symptoms.list)).body).toContainEqual(symptom);
  });
});

describe("another person's meal, entry or symptom, and a deleted meal", () => {
  it("answers 404 for another person's, never a 403, and leaves them as they were", async () => {
    const meal = await createMeal(ann, { foods: [serving(egg)] });
    const symptom = await logSymptom(ann);
    const attempts = {
      meal: await bob.call(httpContract.meals.update, { params: { id: meal.id }, body: { name: 'Mine' } }),
      entry: await bob.call(httpContract.meals.updateFood, { params: { id: meal.id, entryId: meal.foods[0].id }, body: { quantity: 2, servingUnit: 'serving' } }),
      symptom: await bob.call(httpContract.symptoms.update, { params: { id: symptom.id }, body: { severity: 'severe' } }),
    };

    expect(Object.fromEntries(Object.entries(attempts).map(([attempt, { status, body }]) => [attempt, { status, body }]))).toEqual({
      meal: { status: 404, body: { message: Messages.mealNotFound } },
      entry: { status: 404, body: { message: Messages.mealNotFound } },
      symptom: { status: 404, body: { message: JournalMessages.symptomNotFound } },
    });
    expect((await ann.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(meal);
    expect((await ann.call(httpContract.symptoms.list)).body).toContainEqual(symptom);
  });

  it('answers 409 to a correction of a deleted meal or its food', async () => {
    const meal = await createMeal(ann, { foods: [serving(egg)] });
    expect((await ann.call(httpContract.meals.remove, { params: { id: meal.id } })).status).toBe(200);

    for (const res of [
      await ann.call(httpContract.meals.update, { params: { id: meal.id }, body: { name: 'Again' } }),
      await ann.call(httpContract.meals.updateFood, { params: { id: meal.id, entryId: meal.foods[0].id }, body: { quantity: 2, servingUnit: 'serving' } }),
    ]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { message: JournalMessages.mealIsDeleted } });
    }
  });

  it('keeps a visitor out with a 401', async () => {
    const visitor = new ApiSession();
    for (const res of [
      await visitor.call(httpContract.meals.update, { params: { id: 1 }, body: { name: 'Mine' } }),
      await visitor.call(httpContract.meals.updateFood, { params: { id: 1, entryId: 1 }, body: { quantity: 1, servingUnit: 'serving' } }),
      await visitor.call(httpContract.symptoms.update, { params: { id: 1 }, body: { severity: 'mild' } }),
    ]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { message: Messages.unauthorized } });
    }
  });
});
