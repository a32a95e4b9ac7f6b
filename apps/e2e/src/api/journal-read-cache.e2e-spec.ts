import { Food, httpContract, todayIn } from '@fodmap/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { Answer, ApiSession, catalogueFood, expectOk, okBody, registerUser } from '../support/api';
import { provided } from '../support/provided';

// The gateway caches the home screen's reads per person (JournalReadCache): each person must see their own writes at
// once however often they read before, and nobody else's.

let egg: Food;

beforeAll(async () => {
  egg = await catalogueFood((await registerUser('cache-foods')).api, 'Egg, hard-boiled');
});

async function read<T>(request: () => Promise<Answer<T>>): Promise<T> {
  const res = await request();
  expectOk(res);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return res.body;
}

/** The same read three times, as the home screen does on every visit: all three the same. */
async function readThrice<T>(request: () => Promise<Answer<T>>): Promise<T> {
  const first = await read(request);
  expect(await read(request)).toEqual(first);
  expect(await read(request)).toEqual(first);
  return first;
}

const stats = (api: ApiSession) => readThrice(() => api.call(httpContract.dashboard.stats));
const todaysMeals = (api: ApiSession) => readThrice(() => api.call(httpContract.meals.list, { query: { todayOnly: 'true' } }));
const today = todayIn('Europe/London');

describe('cached home screen reads', () => {
  it("show the person's own symptom and meal changes at once", async () => {
    const { api } = await registerUser('cache-own');
    expect((await stats(api)).symptomsCount).toBe(0);
    const symptom = okBody(await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild' } }));
    expect((await stats(api)).symptomsCount).toBe(1);
    expect((await readThrice(() => api.call(httpContract.symptoms.list, { query: { date: today } }))).map((s) => s.id)).toEqual([symptom.id]);

    const meal = okBody(await api.call(httpContract.meals.create, { body: { mealType: 'breakfast', name: 'Eggs', timestamp: new Date().toISOString() } }));
    expect((await todaysMeals(api)).map((m) => [m.id, m.foods.length])).toEqual([[meal.id, 0]]);
    const entry = okBody(await api.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: egg.id, quantity: 1, servingUnit: 'serving' } })).foods[0];
    expect((await todaysMeals(api))[0].foods.map((food) => food.id)).toEqual([entry.id]);
    expect(await stats(api)).toMatchObject({ todayScore: 100, mealsLogged: 1 });
    expect((await api.call(httpContract.meals.complete, { params: { id: meal.id } })).status).toBe(200);
    expect((await todaysMeals(api))[0].completed).toBe(true);

    const again = okBody(await api.call(httpContract.meals.repeat, { params: { id: meal.id }, body: {} }));
    expect((await todaysMeals(api)).map((m) => m.id)).toEqual([again.id, meal.id]);
    expect((await api.call(httpContract.meals.remove, { params: { id: meal.id } })).status).toBe(200);
    expect((await todaysMeals(api)).map((m) => m.id)).toEqual([again.id]);
    expect((await readThrice(() => api.call(httpContract.meals.list, { query: { date: today } }))).map((m) => m.id)).toEqual([again.id]);
    expect((await api.call(httpContract.meals.removeFood, { params: { id: again.id, entryId: again.foods[0].id } })).status).toBe(200);
    expect(await stats(api)).toMatchObject({ todayScore: null, mealsLogged: 1 });

    expect((await api.call(httpContract.symptoms.remove, { params: { id: symptom.id } })).status).toBe(200);
    expect((await stats(api)).symptomsCount).toBe(0);
    expect(await readThrice(() => api.call(httpContract.symptoms.list, { query: { date: today } }))).toEqual([]);
  });

  it("keep each person's apart", async () => {
    const ann = (await registerUser('cache-ann')).api;
    const bo = (await registerUser('cache-bo')).api;
    expect((await stats(ann)).symptomsCount).toBe(0);
    expect((await stats(bo)).symptomsCount).toBe(0);
    await ann.call(httpContract.symptoms.log, { body: { symptomType: 'pain', severity: 'severe' } });
    expect((await stats(ann)).symptomsCount).toBe(1);
    expect((await stats(bo)).symptomsCount).toBe(0);
    await bo.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Rice', timestamp: new Date().toISOString() } });
    expect((await todaysMeals(bo)).map((meal) => meal.name)).toEqual(['Rice']);
    expect(await todaysMeals(ann)).toEqual([]);
  });

  it('are answered from the cache: a change made behind the gateway shows with the next write of the person', async () => {
    const { api } = await registerUser('cache-behind');
    const meal = okBody(await api.call(httpContract.meals.create, { body: { mealType: 'dinner', name: 'Soup', timestamp: new Date().toISOString() } }));
    expect((await todaysMeals(api))[0].name).toBe('Soup');
    const db = new Client({ connectionString: provided('databaseUrl') });
    await db.connect();
    try {
      await db.query("UPDATE journal.meals SET name = 'Stew' WHERE id = $1", [meal.id]);
    } finally {
      await db.end();
    }
    expect((await todaysMeals(api))[0].name).toBe('Soup');
    await api.call(httpContract.symptoms.log, { body: { symptomType: 'bloating', severity: 'mild' } });
    expect((await todaysMeals(api))[0].name).toBe('Stew');
  });
});
