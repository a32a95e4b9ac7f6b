import { Food, InsightsActivity, JournalMessages, localDay, Meal, MEAL_FOODS_MAX, Messages, servingUnitsFor, Symptom } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { provided } from '../support/provided';
import { ApiSession, catalogueFood, registerUser } from '../support/api';

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

async function createMeal(api: ApiSession, fields: Record<string, unknown> = {}): Promise<Meal> {
  const res = await api.post('/api/meals', { mealType: 'lunch', name: 'Lunch', timestamp: new Date().toISOString(), ...fields });
  expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
  return res.body as Meal;
}

async function complete(api: ApiSession, mealId: number): Promise<Meal> {
  const res = await api.patch(`/api/meals/${mealId}/complete`, undefined);
  expect(res.status).toBe(200);
  return res.body as Meal;
}

async function logSymptom(api: ApiSession, fields: Record<string, unknown> = {}): Promise<Symptom> {
  const res = await api.post('/api/symptoms', { symptomType: 'bloating', severity: 'mild', ...fields });
  expect(res.status).toBe(201);
  return res.body as Symptom;
}

/** The person's today and yesterday, and 19:00 yesterday as an instant: a dinner moved to the evening before. */
function days(timeZone = LONDON) {
  const today = localDay(new Date(), timeZone);
  const yesterday = localDay(new Date(Date.now() - DAY_MS), timeZone);
  return { today, yesterday };
}

/** An instant of the evening before, early enough to be yesterday in London whatever the time of year. */
const yesterdayEvening = (yesterday: string) => `${yesterday}T18:00:00.000Z`;

/** Polls the activity of the two days until `check` passes (insights has projected the change). */
function activity(api: ApiSession, startDate: string, endDate: string, check: (answer: InsightsActivity) => void): Promise<InsightsActivity> {
  return eventually(async () => {
    const res = await api.get(`/api/insights/activity?startDate=${startDate}&endDate=${endDate}`);
    expect(res.status).toBe(200);
    check(res.body as InsightsActivity);
    return res.body as InsightsActivity;
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

    const res = await api.post('/api/meals', {
      mealType: 'dinner',
      name: 'Egg, celery & garlic',
      timestamp: new Date().toISOString(),
      foods: [serving(egg), serving(celery), { foodId: garlic.id, quantity: 0.5, servingUnit: 'g' }],
    });

    expect(res.status).toBe(201);
    const meal = res.body as Meal;
    expect(meal.foods.map(({ foodId, quantity, servingUnit }) => ({ foodId, quantity, servingUnit }))).toEqual([
      { foodId: egg.id, quantity: 1, servingUnit: 'serving' },
      { foodId: celery.id, quantity: 1, servingUnit: 'serving' },
      { foodId: garlic.id, quantity: 0.5, servingUnit: 'g' },
    ]);
    expect(meal).toMatchObject({ name: 'Egg, celery & garlic', mealType: 'dinner', completed: false });
    expect((await api.get(`/api/meals/${meal.id}`)).body).toEqual(meal);
    expect((await api.get('/api/dashboard/stats')).body).toMatchObject({ mealsLogged: 1 });
    expect((await eventsOf(`meal-${meal.id}`)).map(({ type }) => type)).toEqual(['MealCreated', 'MealFoodAdded', 'MealFoodAdded', 'MealFoodAdded']);
  });

  it('stores nothing when one food is unknown (404) or takes no such unit (400)', async () => {
    const { api } = await registerUser('meal-all-or-nothing');
    const base = { mealType: 'lunch', name: 'Lunch', timestamp: new Date().toISOString() };

    const unknown = await api.post('/api/meals', { ...base, foods: [serving(egg), serving(celery), { foodId: 2_000_000_000, quantity: 1, servingUnit: 'serving' }] });
    const badUnit = await api.post('/api/meals', { ...base, foods: [serving(egg), { foodId: celery.id, quantity: 1, servingUnit: 'slice' }] });

    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: { message: Messages.foodNotFound } });
    expect({ status: badUnit.status, body: badUnit.body }).toEqual({ status: 400, body: { message: JournalMessages.servingUnitInvalid(servingUnitsFor(celery)) } });
    expect((await api.get('/api/meals')).body).toEqual([]);
    expect((await api.get('/api/dashboard/stats')).body).toMatchObject({ mealsLogged: 0 });
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
      const res = await ann.post('/api/meals', body);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { message } });
    }
    const meal = await createMeal(ann);
    expect(await ann.post(`/api/meals/${meal.id}/repeat`, { timestamp: new Date(Date.now() + 10 * 60_000).toISOString() })).toMatchObject({
      status: 400,
      body: { message: JournalMessages.mealTimestampFuture },
    });
  });

  it('creates one meal for a retry with the same Idempotency-Key, and refuses the key with other foods (422)', async () => {
    const { api } = await registerUser('meal-with-foods-retry');
    const body = { mealType: 'breakfast', name: 'Eggs', timestamp: new Date().toISOString(), foods: [serving(egg), serving(celery)] };
    const key = `with-foods-${Date.now()}`;

    const first = await api.request('POST', '/api/meals', body, { 'Idempotency-Key': key });
    const retry = await api.request('POST', '/api/meals', body, { 'Idempotency-Key': key });
    const other = await api.request('POST', '/api/meals', { ...body, foods: [serving(egg, 2)] }, { 'Idempotency-Key': key });

    expect(first.status).toBe(201);
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect({ status: other.status, body: other.body }).toEqual({ status: 422, body: { message: Messages.idempotencyKeyReused } });
    expect(((await api.get('/api/meals')).body as Meal[]).map((meal) => meal.foods.length)).toEqual([2]);
  });
});

describe('PATCH /api/meals/:id', () => {
  it("moves a completed meal to yesterday: the answer, the meal, today's figures and the insights follow", async () => {
    const { api } = await registerUser('meal-moved', 'Mo', LONDON);
    const { today, yesterday } = days();
    const meal = await complete(api, (await createMeal(api, { name: 'Garlic toast', foods: [serving(garlic)] })).id);
    expect((await api.get('/api/dashboard/stats')).body).toMatchObject({ mealsLogged: 1, todayScore: 0 });
    await activity(api, yesterday, today, (answer) => expect(answer.dailyData[0]).toMatchObject({ date: today, mealsCount: 1 }));
    const timestamp = yesterdayEvening(yesterday);

    const res = await api.patch(`/api/meals/${meal.id}`, { timestamp, mealType: 'dinner', name: ' Garlic bread ', notes: 'the night before' });

    expect(res.status).toBe(200);
    const moved = res.body as Meal;
    expect(moved).toEqual({ ...meal, timestamp, mealType: 'dinner', name: 'Garlic bread', notes: 'the night before' });
    expect((await api.get(`/api/meals/${meal.id}`)).body).toEqual(moved);
    expect((await api.get('/api/meals?todayOnly=true')).body).toEqual([]);
    expect((await api.get(`/api/meals?date=${yesterday}`)).body).toEqual([moved]);
    expect((await api.get('/api/dashboard/stats')).body).toMatchObject({ mealsLogged: 0, todayScore: null });
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

    expect(await ann.patch(`/api/meals/${meal.id}`, { name: meal.name, mealType: meal.mealType })).toMatchObject({ status: 200, body: meal });
    expect(await ann.patch(`/api/meals/${meal.id}`, { notes: '  ' })).toMatchObject({ status: 200, body: { ...meal, notes: null } });
    expect((await eventsOf(`meal-${meal.id}`)).map(({ type }) => type)).toEqual(['MealCreated', 'MealChanged']);
  });

  it('names what is wrong: an empty body, an unknown field, a bad or future time, a bad type or id', async () => {
    const meal = await createMeal(ann);
    const cases: Array<[string, unknown, string]> = [
      [`/api/meals/${meal.id}`, {}, JournalMessages.nothingToUpdate],
      [`/api/meals/${meal.id}`, { completed: true }, JournalMessages.mealUpdateUnknownField],
      [`/api/meals/${meal.id}`, { name: 'Soup', foods: [] }, JournalMessages.mealUpdateUnknownField],
      [`/api/meals/${meal.id}`, { timestamp: 'yesterday-ish' }, Messages.mealTimestampInvalid],
      [`/api/meals/${meal.id}`, { timestamp: new Date(Date.now() + 10 * 60_000).toISOString() }, JournalMessages.mealTimestampFuture],
      [`/api/meals/${meal.id}`, { mealType: 'brunch' }, Messages.mealTypeInvalid],
      [`/api/meals/${meal.id}`, { name: ' ' }, Messages.mealNameRequired],
      ['/api/meals/lunch', { name: 'Soup' }, JournalMessages.mealIdInvalid],
    ];
    for (const [path, body, message] of cases) {
      const res = await ann.patch(path, body);
      expect({ path, body, status: res.status, answer: res.body }).toEqual({ path, body, status: 400, answer: { message } });
    }
    expect((await ann.get(`/api/meals/${meal.id}`)).body).toEqual(meal);
  });
});

describe('PATCH /api/meals/:id/foods/:entryId', () => {
  it("corrects the amount of a completed meal's food: its rating, the meal's score, today's score and the insights follow", async () => {
    const { api } = await registerUser('amount-corrected', 'Amy', LONDON);
    const { today } = days();
    const meal = await complete(api, (await createMeal(api, { foods: [serving(egg), serving(garlic)] })).id);
    expect(meal).toMatchObject({ fodmapScore: 50 });
    expect((await api.get('/api/dashboard/stats')).body).toMatchObject({ todayScore: 50 });
    await activity(api, today, today, (answer) => expect(dayFigures(answer)).toEqual([{ date: today, mealsCount: 1, avgFodmapRisk: 50, symptomCount: 0 }]));
    const [eggEntry] = meal.foods;

    const res = await api.patch(`/api/meals/${meal.id}/foods/${eggEntry.id}`, { quantity: 2, servingUnit: 'Serving' });

    // Two eggs are beyond the serving egg was rated at: counted apart, as unknown, leaving the garlic's risk alone.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: meal.id, completed: true, fodmapScore: 100, unknownFoods: 1 });
    expect((res.body as Meal).foods[0]).toMatchObject({ id: eggEntry.id, foodId: egg.id, quantity: 2, servingUnit: 'serving', ratingAtQuantity: 'unknown', food: eggEntry.food });
    expect((await api.get(`/api/meals/${meal.id}`)).body).toEqual(res.body);
    expect((await api.get('/api/dashboard/stats')).body).toMatchObject({ todayScore: 0, unknownFoods: 1 });
    await activity(api, today, today, (answer) => expect(dayFigures(answer)).toEqual([{ date: today, mealsCount: 1, avgFodmapRisk: 100, symptomCount: 0 }]));
    const events = await eventsOf(`meal-${meal.id}`);
    expect(events.map(({ type }) => type)).toEqual(['MealCreated', 'MealFoodAdded', 'MealFoodAdded', 'MealCompleted', 'MealFoodChanged']);
    expect(events[4].data).toMatchObject({ entryId: eggEntry.id, quantity: 2, servingUnit: 'serving', food: { id: egg.id } });
    // The same amount again records nothing.
    expect(await api.patch(`/api/meals/${meal.id}/foods/${eggEntry.id}`, { quantity: 2, servingUnit: 'serving' })).toMatchObject({ status: 200, body: res.body });
    expect(await eventsOf(`meal-${meal.id}`)).toHaveLength(5);
  });

  it('names what is wrong: quantity, unit, an unknown field, a bad id; an entry not in the meal is a 404', async () => {
    const meal = await createMeal(ann, { foods: [serving(egg)] });
    const path = `/api/meals/${meal.id}/foods/${meal.foods[0].id}`;
    const cases: Array<[string, unknown, string]> = [
      [path, {}, JournalMessages.quantityInvalid],
      [path, { quantity: 0.25, servingUnit: 'serving' }, JournalMessages.quantityInvalid],
      [path, { quantity: 0, servingUnit: 'serving' }, JournalMessages.quantityInvalid],
      [path, { quantity: 1 }, JournalMessages.servingUnitRequired],
      [path, { quantity: 1, servingUnit: 'bucket' }, JournalMessages.servingUnitInvalid(servingUnitsFor(egg))],
      [path, { quantity: 1, servingUnit: 'serving', foodId: celery.id }, JournalMessages.mealFoodUpdateUnknownField],
      [`/api/meals/${meal.id}/foods/first`, { quantity: 1, servingUnit: 'serving' }, JournalMessages.mealEntryIdInvalid],
    ];
    for (const [target, body, message] of cases) {
      const res = await ann.patch(target, body);
      expect({ target, body, status: res.status, answer: res.body }).toEqual({ target, body, status: 400, answer: { message } });
    }
    expect(await ann.patch(`/api/meals/${meal.id}/foods/2000000000`, { quantity: 1, servingUnit: 'serving' })).toMatchObject({
      status: 404,
      body: { message: JournalMessages.mealEntryNotFound },
    });
    expect((await ann.get(`/api/meals/${meal.id}`)).body).toEqual(meal);
  });
});

describe('PATCH /api/symptoms/:id', () => {
  it("corrects severity, time, notes and meal: the answer, the lists, the meal and the day's figures follow", async () => {
    const { api } = await registerUser('symptom-corrected', 'Sam', LONDON);
    const { today, yesterday } = days();
    const dinner = await createMeal(api, { mealType: 'dinner', name: 'Dinner', timestamp: yesterdayEvening(yesterday), foods: [serving(garlic)] });
    const symptom = await logSymptom(api);
    expect((await api.get('/api/dashboard/stats')).body).toMatchObject({ symptomsCount: 1 });
    const timestamp = `${yesterday}T21:00:00.000Z`;

    const res = await api.patch(`/api/symptoms/${symptom.id}`, { severity: 'severe', timestamp, mealId: dinner.id, notes: 'woke me up' });

    expect(res.status).toBe(200);
    const corrected = res.body as Symptom;
    expect(corrected).toEqual({ ...symptom, severity: 'severe', timestamp, mealId: dinner.id, notes: 'woke me up' });
    expect((await api.get(`/api/symptoms?date=${yesterday}`)).body).toEqual([corrected]);
    expect((await api.get(`/api/symptoms?date=${today}`)).body).toEqual([]);
    expect((await api.get(`/api/meals/${dinner.id}`)).body.symptoms).toEqual([corrected]);
    expect((await api.get('/api/dashboard/stats')).body).toMatchObject({ symptomsCount: 0 });
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

    expect(await ann.patch(`/api/symptoms/${symptom.id}`, { mealId: bobsMeal.id })).toMatchObject({ status: 404, body: { message: Messages.mealNotFound } });
    expect(await ann.patch(`/api/symptoms/${symptom.id}`, { mealId: null })).toMatchObject({ status: 200, body: { ...symptom, mealId: null } });
    expect((await ann.delete(`/api/meals/${meal.id}`)).status).toBe(200);
    expect(await ann.patch(`/api/symptoms/${symptom.id}`, { mealId: meal.id })).toMatchObject({ status: 404, body: { message: Messages.mealNotFound } });
  });

  it('names what is wrong: an empty body, an unknown field, a bad type, severity, time or id', async () => {
    const symptom = await logSymptom(ann);
    const cases: Array<[string, unknown, string]> = [
      [`/api/symptoms/${symptom.id}`, {}, JournalMessages.nothingToUpdate],
      [`/api/symptoms/${symptom.id}`, { severity: 'mild', duration: 3 }, JournalMessages.symptomUpdateUnknownField],
      [`/api/symptoms/${symptom.id}`, { symptomType: 'sneezing' }, JournalMessages.symptomTypeInvalid],
      [`/api/symptoms/${symptom.id}`, { severity: 'unbearable' }, JournalMessages.severityInvalid],
      [`/api/symptoms/${symptom.id}`, { timestamp: 'tomorrow' }, JournalMessages.symptomTimestampInvalid],
      [`/api/symptoms/${symptom.id}`, { timestamp: new Date(Date.now() + 10 * 60_000).toISOString() }, JournalMessages.symptomTimestampInvalid],
      [`/api/symptoms/${symptom.id}`, { mealId: 'lunch' }, JournalMessages.mealIdInvalid],
      ['/api/symptoms/bloating', { severity: 'mild' }, JournalMessages.symptomIdInvalid],
    ];
    for (const [path, body, message] of cases) {
      const res = await ann.patch(path, body);
      expect({ path, body, status: res.status, answer: res.body }).toEqual({ path, body, status: 400, answer: { message } });
    }
    expect((await ann.get('/api/symptoms')).body).toContainEqual(symptom);
  });
});

describe("another person's meal, entry or symptom, and a deleted meal", () => {
  it("answers 404 for another person's, never a 403, and leaves them as they were", async () => {
    const meal = await createMeal(ann, { foods: [serving(egg)] });
    const symptom = await logSymptom(ann);
    const attempts = {
      meal: await bob.patch(`/api/meals/${meal.id}`, { name: 'Mine' }),
      entry: await bob.patch(`/api/meals/${meal.id}/foods/${meal.foods[0].id}`, { quantity: 2, servingUnit: 'serving' }),
      symptom: await bob.patch(`/api/symptoms/${symptom.id}`, { severity: 'severe' }),
    };

    expect(Object.fromEntries(Object.entries(attempts).map(([attempt, { status, body }]) => [attempt, { status, body }]))).toEqual({
      meal: { status: 404, body: { message: Messages.mealNotFound } },
      entry: { status: 404, body: { message: Messages.mealNotFound } },
      symptom: { status: 404, body: { message: JournalMessages.symptomNotFound } },
    });
    expect((await ann.get(`/api/meals/${meal.id}`)).body).toEqual(meal);
    expect((await ann.get('/api/symptoms')).body).toContainEqual(symptom);
  });

  it('answers 409 to a correction of a deleted meal or its food', async () => {
    const meal = await createMeal(ann, { foods: [serving(egg)] });
    expect((await ann.delete(`/api/meals/${meal.id}`)).status).toBe(200);

    for (const res of [
      await ann.patch(`/api/meals/${meal.id}`, { name: 'Again' }),
      await ann.patch(`/api/meals/${meal.id}/foods/${meal.foods[0].id}`, { quantity: 2, servingUnit: 'serving' }),
    ]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { message: JournalMessages.mealIsDeleted } });
    }
  });

  it('keeps a visitor out with a 401', async () => {
    const visitor = new ApiSession();
    for (const res of [
      await visitor.patch('/api/meals/1', { name: 'Mine' }),
      await visitor.patch('/api/meals/1/foods/1', { quantity: 1, servingUnit: 'serving' }),
      await visitor.patch('/api/symptoms/1', { severity: 'mild' }),
    ]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { message: Messages.unauthorized } });
    }
  });
});
