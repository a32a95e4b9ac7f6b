import { CreateMealInput, Food, Meal, JournalMessages, Messages, servingUnitsFor, httpContract } from '@fodmap/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { provided } from '../support/provided';
import { ApiSession, catalogueFood, expectFailure, expectOk, okBody, registerUser } from '../support/api';

/** Catalogue foods each rated at one serving without measured components, so their rating stands at quantity 1. */
const EGG = 'Egg, hard-boiled';
const CELERY = 'Celery stalks, raw';
const GARLIC = 'Garlic, raw';

let ann: ApiSession;
let bob: ApiSession;
let egg: Food;
let celery: Food;
let garlic: Food;

beforeAll(async () => {
  ann = (await registerUser('meals-ann', 'Ann')).api;
  bob = (await registerUser('meals-bob', 'Bob')).api;
  [egg, celery, garlic] = await Promise.all([catalogueFood(ann, EGG), catalogueFood(ann, CELERY), catalogueFood(ann, GARLIC)]);
});

async function createMeal(api: ApiSession, fields: Partial<CreateMealInput> = {}): Promise<Meal> {
  const res = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Lunch', timestamp: new Date().toISOString(), ...fields } });
  expect(res.status).toBe(201);
  return okBody(res);
}

async function addFood(api: ApiSession, mealId: number, food: Food, quantity = 1, servingUnit = 'serving'): Promise<Meal> {
  const res = await api.call(httpContract.meals.addFood, { params: { id: mealId }, body: { foodId: food.id, quantity, servingUnit } });
  expect(res).toMatchObject({ status: 201 });
  return okBody(res);
}

describe('POST /api/meals', () => {
  it('creates a meal and returns it with a numeric id', async () => {
    const timestamp = '2026-11-20T12:30:00.000Z';
    const res = await ann.call(httpContract.meals.create, { body: { mealType: 'lunch', name: '  Chicken & rice ', timestamp } });
    expectOk(res);
    expect(res.body).toMatchObject({ name: 'Chicken & rice', mealType: 'lunch', timestamp, completed: false, foods: [], symptoms: [], fodmapScore: null, fodmapBand: 'none' });
    expect(Number.isInteger(res.body.id)).toBe(true);
  });

  it('rejects a meal without a name, with an unknown type or a bad time, and creates nothing', async () => {
    const { api } = await registerUser('badmeal');
    const timestamp = new Date().toISOString();
    const noName = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: ' ', timestamp } });
    expectFailure(noName, 400);
    expect(noName.body.message).toBe(Messages.mealNameRequired);
    const badType = await api.send(httpContract.meals.create, { body: { mealType: 'brunch', name: 'Eggs', timestamp } });
    expectFailure(badType, 400);
    expect(badType.body.message).toBe(Messages.mealTypeInvalid);
    const badTime = await api.call(httpContract.meals.create, { body: { mealType: 'snack', name: 'Eggs', timestamp: 'yesterday-ish' } });
    expectFailure(badTime, 400);
    expect(badTime.body.message).toBe(Messages.mealTimestampInvalid);
    expect((await api.call(httpContract.meals.list)).body).toEqual([]);
  });
});

describe('signed out', () => {
  it('keeps a visitor out of every meal route with a 401', async () => {
    const visitor = new ApiSession();
    const meal = await createMeal(ann);
    for (const res of [
      await visitor.call(httpContract.meals.list),
      await visitor.call(httpContract.meals.get, { params: { id: meal.id } }),
      await visitor.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: egg.id, quantity: 1, servingUnit: 'serving' } }),
      await visitor.call(httpContract.meals.removeFood, { params: { id: meal.id, entryId: 1 } }),
      await visitor.call(httpContract.meals.complete, { params: { id: meal.id } }),
      await visitor.call(httpContract.meals.repeat, { params: { id: meal.id }, body: {} }),
      await visitor.call(httpContract.meals.remove, { params: { id: meal.id } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: Messages.unauthorized });
    }
  });
});

describe('POST /api/meals/:id/foods', () => {
  it('adds a catalogue food with its quantity and unit, as the food was, and scores the meal', async () => {
    const meal = await createMeal(ann, { name: 'Egg & celery' });
    const withEgg = await addFood(ann, meal.id, egg, 1, 'large');
    expect(withEgg.foods).toHaveLength(1);
    expect(withEgg.foods[0]).toMatchObject({ foodId: egg.id, quantity: 1, servingUnit: 'large', fodmapRating: 'low', ratingAtQuantity: 'low', food: { id: egg.id, name: EGG, fodmapRating: 'low' } });
    expect(withEgg.foods[0].id).toEqual(expect.any(Number));
    expect(withEgg).toMatchObject({ fodmapScore: 0, fodmapBand: 'low', unknownFoods: 0 });

    const both = await addFood(ann, meal.id, celery);
    expect(both.foods.map((entry) => entry.food.name)).toEqual([EGG, CELERY]);
    // One low and one medium food: 50 × ½ = 25, 'Medium FODMAP foods' (spec §4).
    expect(both).toMatchObject({ fodmapScore: 25, fodmapBand: 'medium' });
    expect((await ann.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(both);
  });

  it('does not call a low food low beyond the serving it was rated at: two eggs are counted apart, as unknown', async () => {
    const meal = await addFood(ann, (await createMeal(ann)).id, egg, 2, 'large');
    expect(meal.foods[0]).toMatchObject({ fodmapRating: 'low', ratingAtQuantity: 'unknown' });
    expect(meal).toMatchObject({ fodmapScore: null, fodmapBand: 'unknown', unknownFoods: 1 });
  });

  it('takes quantities from 0.1 in steps of 0.1, and answers anything else with the quantity rule', async () => {
    const meal = await createMeal(ann);
    for (const quantity of [0, 0.05, 0.25, -1, 5000.1, '1', null]) {
      const res = await ann.send(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: egg.id, quantity, servingUnit: 'serving' } });
      expect({ quantity, status: res.status, body: res.body }).toEqual({ quantity, status: 400, body: { message: JournalMessages.quantityInvalid } });
    }
    const tenths = await addFood(ann, meal.id, egg, 0.1 + 0.2);
    expect(tenths.foods[0].quantity).toBe(0.3);
  });

  it('names what is missing or wrong in the food, unit and ids', async () => {
    const meal = await createMeal(ann);
    const noUnit = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: egg.id, quantity: 1, servingUnit: '  ' } });
    expect(noUnit).toMatchObject({ status: 400, body: { message: JournalMessages.servingUnitRequired } });
    const otherUnit = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: egg.id, quantity: 1, servingUnit: 'cup' } });
    expect(otherUnit).toMatchObject({ status: 400, body: { message: JournalMessages.servingUnitInvalid(servingUnitsFor(egg)) } });
    const badFood = await ann.send(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: 'egg', quantity: 1, servingUnit: 'serving' } });
    expect(badFood).toMatchObject({ status: 400, body: { message: Messages.foodIdInvalid } });
    for (const id of ['abc', '0', '-3', '1.5', '1e3', '99999999999']) {
      const badMeal = await ann.call(httpContract.meals.addFood, { params: { id }, body: { foodId: egg.id, quantity: 1, servingUnit: 'serving' } });
      expect({ id, status: badMeal.status, body: badMeal.body }).toEqual({ id, status: 400, body: { message: JournalMessages.mealIdInvalid } });
    }
    const unknownMeal = await ann.call(httpContract.meals.addFood, { params: { id: 2000000000 }, body: { foodId: egg.id, quantity: 1, servingUnit: 'serving' } });
    expect(unknownMeal).toMatchObject({ status: 404, body: { message: Messages.mealNotFound } });
  });

  it("answers 404 'Food not found' for a food that does not exist or is another person's private food, and adds one's own", async () => {
    const meal = await createMeal(ann);
    const missing = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: 2_000_000_000, quantity: 1, servingUnit: 'serving' } });
    expect(missing).toMatchObject({ status: 404, body: { message: Messages.foodNotFound } });

    const bobsSauce = okBody(await bob.call(httpContract.foods.quickAdd, { body: { name: 'Bob’s hot sauce', fodmapRating: 'high' } }));
    const foreign = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: bobsSauce.id, quantity: 1, servingUnit: 'serving' } });
    expect(foreign).toMatchObject({ status: 404, body: { message: Messages.foodNotFound } });

    const annsOats = okBody(await ann.call(httpContract.foods.quickAdd, { body: { name: 'Ann’s overnight oats', fodmapRating: 'low', servingSize: '1 jar' } }));
    const own = await addFood(ann, meal.id, annsOats, 1, 'jar');
    expect(own.foods.map((entry) => entry.food.name)).toEqual(['Ann’s overnight oats']);
  });
});

describe('DELETE /api/meals/:id/foods/:entryId', () => {
  it('removes one entry and answers the updated meal', async () => {
    const meal = await createMeal(ann);
    await addFood(ann, meal.id, egg);
    const both = await addFood(ann, meal.id, garlic);
    const res = await ann.call(httpContract.meals.removeFood, { params: { id: meal.id, entryId: both.foods[1].id } });
    expect(res.status).toBe(200);
    expect(okBody(res).foods.map((entry) => entry.food.name)).toEqual([EGG]);
    expect(res.body).toMatchObject({ fodmapScore: 0, fodmapBand: 'low' });
    expect((await ann.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(res.body);
  });

  it('answers an entry not in the meal with a 404 and a bad entry id with a 400', async () => {
    const meal = await addFood(ann, (await createMeal(ann)).id, egg);
    const other = await addFood(ann, (await createMeal(ann)).id, egg);
    const notHere = await ann.call(httpContract.meals.removeFood, { params: { id: meal.id, entryId: other.foods[0].id } });
    expect(notHere).toMatchObject({ status: 404, body: { message: JournalMessages.mealEntryNotFound } });
    const bad = await ann.call(httpContract.meals.removeFood, { params: { id: meal.id, entryId: 'first' } });
    expect(bad).toMatchObject({ status: 400, body: { message: JournalMessages.mealEntryIdInvalid } });
    expect(okBody(await ann.call(httpContract.meals.get, { params: { id: meal.id } })).foods).toHaveLength(1);
  });
});

describe('PATCH /api/meals/:id/complete', () => {
  it('refuses a meal without food with the builder rule', async () => {
    const meal = await createMeal(ann);
    const res = await ann.call(httpContract.meals.complete, { params: { id: meal.id } });
    expect(res).toMatchObject({ status: 409, body: { message: JournalMessages.mealNeedsFood } });
    expect(okBody(await ann.call(httpContract.meals.get, { params: { id: meal.id } })).completed).toBe(false);
  });

  it('completes a meal with food, again without change, and then refuses changes to its foods with a 409', async () => {
    const meal = await addFood(ann, (await createMeal(ann)).id, egg);
    const first = await ann.call(httpContract.meals.complete, { params: { id: meal.id } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: meal.id, completed: true, foods: meal.foods });
    const again = await ann.call(httpContract.meals.complete, { params: { id: meal.id } });
    expect(again).toMatchObject({ status: 200, body: first.body });

    const add = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: garlic.id, quantity: 1, servingUnit: 'serving' } });
    expect(add).toMatchObject({ status: 409, body: { message: JournalMessages.mealIsCompleted } });
    const remove = await ann.call(httpContract.meals.removeFood, { params: { id: meal.id, entryId: meal.foods[0].id } });
    expect(remove).toMatchObject({ status: 409, body: { message: JournalMessages.mealIsCompleted } });
    expect((await ann.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(first.body);
  });
});

describe('POST /api/meals/:id/repeat', () => {
  it('logs a new meal now with the same name, type, foods and quantities', async () => {
    const original = await createMeal(ann, { name: 'Egg breakfast', mealType: 'breakfast', timestamp: '2025-06-01T07:00:00.000Z' });
    await addFood(ann, original.id, egg, 2, 'large');
    const full = await addFood(ann, original.id, celery, 0.5);
    await ann.call(httpContract.meals.complete, { params: { id: original.id } });
    const before = Date.now();
    const res = await ann.call(httpContract.meals.repeat, { params: { id: original.id }, body: {} });
    expect(res.status).toBe(201);
    const copy = okBody(res);
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({ name: 'Egg breakfast', mealType: 'breakfast', completed: false, symptoms: [], fodmapScore: full.fodmapScore });
    expect(copy.foods.map(({ foodId, quantity, servingUnit }) => ({ foodId, quantity, servingUnit }))).toEqual([
      { foodId: egg.id, quantity: 2, servingUnit: 'large' },
      { foodId: celery.id, quantity: 0.5, servingUnit: 'serving' },
    ]);
    expect(Date.parse(copy.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(copy.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(okBody(await ann.call(httpContract.meals.get, { params: { id: original.id } })).timestamp).toBe('2025-06-01T07:00:00.000Z');
  });

  it('logs the copy at a given time, and refuses a time that is not one', async () => {
    const original = await addFood(ann, (await createMeal(ann)).id, egg);
    const at = await ann.call(httpContract.meals.repeat, { params: { id: original.id }, body: { timestamp: '2025-06-02T12:15:00+02:00' } });
    expect(at).toMatchObject({ status: 201, body: { timestamp: '2025-06-02T10:15:00.000Z' } });
    const bad = await ann.call(httpContract.meals.repeat, { params: { id: original.id }, body: { timestamp: 'soon' } });
    expect(bad).toMatchObject({ status: 400, body: { message: Messages.mealTimestampInvalid } });
  });
});

describe('DELETE /api/meals/:id', () => {
  it('deletes the meal everywhere and keeps its symptoms, unlinked', async () => {
    const meal = await addFood(ann, (await createMeal(ann, { name: 'Garlic bread' })).id, garlic);
    const symptom = await ann.call(httpContract.symptoms.log, { body: { symptomType: 'bloating', severity: 'moderate', mealId: meal.id } });
    expect(symptom).toMatchObject({ status: 201, body: { mealId: meal.id } });

    const res = await ann.call(httpContract.meals.remove, { params: { id: meal.id } });
    expect(res).toMatchObject({ status: 200, body: { message: JournalMessages.mealDeleted } });

    expect(await ann.call(httpContract.meals.get, { params: { id: meal.id } })).toMatchObject({ status: 404, body: { message: Messages.mealNotFound } });
    expect(okBody(await ann.call(httpContract.meals.list)).map((listed) => listed.id)).not.toContain(meal.id);
    const symptoms = okBody(await ann.call(httpContract.symptoms.list));
    expect(symptoms.find((kept) => kept.id === okBody(symptom).id)).toMatchObject({ symptomType: 'bloating', severity: 'moderate', mealId: null });
  });

  it('refuses changes to a deleted meal with a 409', async () => {
    const meal = await addFood(ann, (await createMeal(ann)).id, egg);
    await ann.call(httpContract.meals.remove, { params: { id: meal.id } });
    const add = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: egg.id, quantity: 1, servingUnit: 'serving' } });
    expect(add).toMatchObject({ status: 409, body: { message: JournalMessages.mealIsDeleted } });
    const complete = await ann.call(httpContract.meals.complete, { params: { id: meal.id } });
    expect(complete).toMatchObject({ status: 409, body: { message: JournalMessages.mealIsDeleted } });
    const remove = await ann.call(httpContract.meals.removeFood, { params: { id: meal.id, entryId: meal.foods[0].id } });
    expect(remove).toMatchObject({ status: 409, body: { message: JournalMessages.mealIsDeleted } });
  });
});

describe('GET /api/meals', () => {
  it('lists every meal newest first, each day by ?date=, and refuses a bad query with a 400', async () => {
    const { api } = await registerUser('meal-list');
    const times = ['2025-03-01T08:00:00.000Z', '2025-03-02T19:00:00.000Z', '2025-03-02T07:30:00.000Z'];
    for (const [i, timestamp] of times.entries()) await createMeal(api, { name: `Meal ${i}`, timestamp });
    const all = okBody(await api.call(httpContract.meals.list));
    expect(all.map((meal) => meal.name)).toEqual(['Meal 1', 'Meal 2', 'Meal 0']);
    const day = await api.call(httpContract.meals.list, { query: { date: '2025-03-02' } });
    expect(day.status).toBe(200);
    expect(okBody(day).map((meal) => meal.name)).toEqual(['Meal 1', 'Meal 2']);
    expect((await api.call(httpContract.meals.list, { query: { date: '2025-03-03' } })).body).toEqual([]);
    expect((await api.call(httpContract.meals.list, { query: { todayOnly: 'true' } })).body).toEqual([]);
    expect((await api.call(httpContract.meals.list, { query: { todayOnly: 'false' } })).body).toHaveLength(3);

    expect(await api.call(httpContract.meals.list, { query: { date: '2025-02-30' } })).toMatchObject({ status: 400, body: { message: 'date must be a date (YYYY-MM-DD)' } });
    expect(await api.call(httpContract.meals.list, { query: { date: 'yesterday' } })).toMatchObject({ status: 400, body: { message: 'date must be a date (YYYY-MM-DD)' } });
    expect(await api.call(httpContract.meals.list, { query: { todayOnly: 'yes' } })).toMatchObject({ status: 400, body: { message: JournalMessages.todayOnlyInvalid } });
    expect(await api.call(httpContract.meals.list, { query: { todayOnly: 'true', date: '2025-03-02' } })).toMatchObject({ status: 400, body: { message: JournalMessages.mealListQueryConflict } });
  });

  it('shows a meal with its foods and symptoms, and answers a bad id with a 400', async () => {
    const meal = await addFood(ann, (await createMeal(ann)).id, celery);
    const symptom = (await ann.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild', mealId: meal.id } })).body;
    const res = await ann.call(httpContract.meals.get, { params: { id: meal.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: meal.id, foods: [{ foodId: celery.id, fodmapRating: 'medium' }], symptoms: [symptom] });
    expect(await ann.call(httpContract.meals.get, { params: { id: 'lunch' } })).toMatchObject({ status: 400, body: { message: JournalMessages.mealIdInvalid } });
    expect(await ann.call(httpContract.meals.get, { params: { id: 2000000000 } })).toMatchObject({ status: 404, body: { message: Messages.mealNotFound } });
  });
});

/** The wall-clock time `time` on `day` in `timeZone` as a UTC instant (PST/PDT here: the two offsets are tried). */
function losAngelesInstant(day: string, time: string): string {
  const at = ['-07:00', '-08:00'].map((offset) => new Date(`${day}T${time}:00${offset}`)).find((instant) => {
    const wall = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(instant);
    return wall === `${day}, ${time}`;
  });
  if (!at) throw new Error(`No ${time} on ${day} in Los Angeles`);
  return at.toISOString();
}

const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe('days are the person’s own, in their time zone', () => {
  it('puts a meal at 23:30 in Los Angeles on that Los Angeles day, though it is the next day in UTC', async () => {
    const { api } = await registerUser('meal-la', 'Lee', 'America/Los_Angeles');
    const timestamp = losAngelesInstant('2025-01-15', '23:30');
    expect(timestamp).toBe('2025-01-16T07:30:00.000Z');
    const meal = await createMeal(api, { name: 'Late dinner', timestamp });
    expect((await api.call(httpContract.meals.list, { query: { date: '2025-01-15' } })).body).toEqual([meal]);
    expect((await api.call(httpContract.meals.list, { query: { date: '2025-01-16' } })).body).toEqual([]);
  });

  // A meal is never in the future (issue 18): today's first minute and the night before's 23:30 are always past.
  it("counts a meal at 00:00 today in Los Angeles in today's meals and on the dashboard, and not one at 23:30 the night before", async () => {
    const { api } = await registerUser('meal-la-today', 'Lee', 'America/Los_Angeles');
    const today = todayIn('America/Los_Angeles');
    const midnight = await createMeal(api, { name: 'Midnight snack', mealType: 'snack', timestamp: losAngelesInstant(today, '00:00') });
    await addFood(api, midnight.id, egg);
    const dayBefore = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await createMeal(api, { name: 'Yesterday late', timestamp: losAngelesInstant(dayBefore, '23:30') });

    expect(okBody(await api.call(httpContract.meals.list, { query: { todayOnly: 'true' } })).map((meal) => meal.name)).toEqual(['Midnight snack']);
    expect(okBody(await api.call(httpContract.meals.list, { query: { date: today } })).map((meal) => meal.name)).toEqual(['Midnight snack']);
    expect((await api.call(httpContract.dashboard.stats)).body).toMatchObject({ mealsLogged: 1, todayScore: 100, todayBand: 'excellent' });
  });
});

describe("another person's meals", () => {
  it('are a 404 to read, change, add to, remove from, complete, repeat, delete or link a symptom to, and stay as they were', async () => {
    const meal = await addFood(ann, (await createMeal(ann, { name: 'Ann’s private lunch' })).id, egg);
    const mealNotFound = { status: 404, body: { message: Messages.mealNotFound } };
    const attempts = {
      read: await bob.call(httpContract.meals.get, { params: { id: meal.id } }),
      addFood: await bob.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: garlic.id, quantity: 1, servingUnit: 'serving' } }),
      removeFood: await bob.call(httpContract.meals.removeFood, { params: { id: meal.id, entryId: meal.foods[0].id } }),
      complete: await bob.call(httpContract.meals.complete, { params: { id: meal.id } }),
      repeat: await bob.call(httpContract.meals.repeat, { params: { id: meal.id }, body: {} }),
      delete: await bob.call(httpContract.meals.remove, { params: { id: meal.id } }),
      linkSymptom: await bob.call(httpContract.symptoms.log, { body: { symptomType: 'pain', severity: 'severe', mealId: meal.id } }),
    };
    for (const [attempt, res] of Object.entries(attempts)) expect({ attempt, status: res.status, body: res.body }).toEqual({ attempt, ...mealNotFound });

    expect((await ann.call(httpContract.meals.get, { params: { id: meal.id } })).body).toEqual(meal);
    const bobsMeals = okBody(await bob.call(httpContract.meals.list));
    expect(bobsMeals.map((listed) => listed.name)).not.toContain('Ann’s private lunch');
    expect((await bob.call(httpContract.symptoms.list)).body).toEqual([]);
  });
});

describe('retrying a create with the same Idempotency-Key', () => {

  it('adds a food once, answers the first result again, and refuses the key for another food with a 422', async () => {
    const meal = await createMeal(ann);
    const key = `add-${Date.now()}`;
    const body = { foodId: egg.id, quantity: 1, servingUnit: 'serving' };
    const first = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body, headers: { 'Idempotency-Key': key } });
    const retry = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(retry).toMatchObject({ status: 201, body: first.body });
    expect(okBody(await ann.call(httpContract.meals.get, { params: { id: meal.id } })).foods).toHaveLength(1);
    const other = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { ...body, foodId: celery.id }, headers: { 'Idempotency-Key': key } });
    expect(other).toMatchObject({ status: 422, body: { message: Messages.idempotencyKeyReused } });
  });

  it('repeats a meal once', async () => {
    const { api } = await registerUser('repeat-once');
    const meal = await addFood(api, (await createMeal(api, { name: 'Porridge' })).id, egg);
    const key = `repeat-${Date.now()}`;
    const first = await api.call(httpContract.meals.repeat, { params: { id: meal.id }, body: {}, headers: { 'Idempotency-Key': key } });
    const retry = await api.call(httpContract.meals.repeat, { params: { id: meal.id }, body: {}, headers: { 'Idempotency-Key': key } });
    expectOk(first);
    expect(retry).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect((await api.call(httpContract.meals.list)).body).toHaveLength(2);
  });

  it('refuses a key that is not 1 to 128 visible ASCII characters', async () => {
    const meal = await createMeal(ann);
    const res = await ann.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: egg.id, quantity: 1, servingUnit: 'serving' }, headers: { 'Idempotency-Key': 'x'.repeat(129) } });
    expect(res).toMatchObject({ status: 400, body: { message: Messages.idempotencyKeyInvalid } });
    expect(okBody(await ann.call(httpContract.meals.get, { params: { id: meal.id } })).foods).toEqual([]);
  });
});

describe('when the journal is slow', () => {
  it('answers 504 with a clear message when the journal does not answer in time', async () => {
    const { api } = await registerUser('timeout');
    const journal = provided('stackPids').journal;
    process.kill(journal, 'SIGSTOP');
    try {
      const res = await api.call(httpContract.meals.create, { body: { mealType: 'dinner', name: 'Stew', timestamp: new Date().toISOString() } });
      expectFailure(res, 504);
      expect(res.body.message).toBe(Messages.serviceTimeout('journal'));
    } finally {
      process.kill(journal, 'SIGCONT');
    }
  });
});
