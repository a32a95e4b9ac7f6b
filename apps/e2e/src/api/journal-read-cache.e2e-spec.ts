import { DashboardStats, Food, localDay, Meal, Symptom } from '@fodmap/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ApiSession, catalogueFood, registerUser } from '../support/api';
import { provided } from '../support/provided';

// The gateway caches the home screen's reads per person (JournalReadCache): each person must see their own writes at
// once however often they read before, and nobody else's.

let egg: Food;

beforeAll(async () => {
  egg = await catalogueFood((await registerUser('cache-foods')).api, 'Egg, hard-boiled');
});

async function read<T>(api: ApiSession, path: string): Promise<T> {
  const res = await api.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return res.body as T;
}

/** The same read three times, as the home screen does on every visit: all three the same. */
async function readThrice<T>(api: ApiSession, path: string): Promise<T> {
  const first = await read<T>(api, path);
  expect(await read<T>(api, path)).toEqual(first);
  expect(await read<T>(api, path)).toEqual(first);
  return first;
}

const stats = (api: ApiSession) => readThrice<DashboardStats>(api, '/api/dashboard/stats');
const todaysMeals = (api: ApiSession) => readThrice<Meal[]>(api, '/api/meals?todayOnly=true');
const today = localDay(new Date(), 'Europe/London');

describe('cached home screen reads', () => {
  it("show the person's own symptom and meal changes at once", async () => {
    const { api } = await registerUser('cache-own');
    expect((await stats(api)).symptomsCount).toBe(0);
    const symptom = (await api.post('/api/symptoms', { symptomType: 'gas', severity: 'mild' })).body as Symptom;
    expect((await stats(api)).symptomsCount).toBe(1);
    expect((await readThrice<Symptom[]>(api, `/api/symptoms?date=${today}`)).map((s) => s.id)).toEqual([symptom.id]);

    const meal = (await api.post('/api/meals', { mealType: 'breakfast', name: 'Eggs', timestamp: new Date().toISOString() })).body as Meal;
    expect((await todaysMeals(api)).map((m) => [m.id, m.foods.length])).toEqual([[meal.id, 0]]);
    const entry = ((await api.post(`/api/meals/${meal.id}/foods`, { foodId: egg.id, quantity: 1, servingUnit: 'serving' })).body as Meal).foods[0];
    expect((await todaysMeals(api))[0].foods.map((food) => food.id)).toEqual([entry.id]);
    expect(await stats(api)).toMatchObject({ todayScore: 100, mealsLogged: 1 });
    expect((await api.request('PATCH', `/api/meals/${meal.id}/complete`)).status).toBe(200);
    expect((await todaysMeals(api))[0].completed).toBe(true);

    const again = (await api.post(`/api/meals/${meal.id}/repeat`, {})).body as Meal;
    expect((await todaysMeals(api)).map((m) => m.id)).toEqual([again.id, meal.id]);
    expect((await api.delete(`/api/meals/${meal.id}`)).status).toBe(200);
    expect((await todaysMeals(api)).map((m) => m.id)).toEqual([again.id]);
    expect((await readThrice<Meal[]>(api, `/api/meals?date=${today}`)).map((m) => m.id)).toEqual([again.id]);
    expect((await api.delete(`/api/meals/${again.id}/foods/${again.foods[0].id}`)).status).toBe(200);
    expect(await stats(api)).toMatchObject({ todayScore: null, mealsLogged: 1 });

    expect((await api.delete(`/api/symptoms/${symptom.id}`)).status).toBe(200);
    expect((await stats(api)).symptomsCount).toBe(0);
    expect(await readThrice<Symptom[]>(api, `/api/symptoms?date=${today}`)).toEqual([]);
  });

  it("keep each person's apart", async () => {
    const ann = (await registerUser('cache-ann')).api;
    const bo = (await registerUser('cache-bo')).api;
    expect((await stats(ann)).symptomsCount).toBe(0);
    expect((await stats(bo)).symptomsCount).toBe(0);
    await ann.post('/api/symptoms', { symptomType: 'pain', severity: 'severe' });
    expect((await stats(ann)).symptomsCount).toBe(1);
    expect((await stats(bo)).symptomsCount).toBe(0);
    await bo.post('/api/meals', { mealType: 'lunch', name: 'Rice', timestamp: new Date().toISOString() });
    expect((await todaysMeals(bo)).map((meal) => meal.name)).toEqual(['Rice']);
    expect(await todaysMeals(ann)).toEqual([]);
  });

  it('are answered from the cache: a change made behind the gateway shows with the next write of the person', async () => {
    const { api } = await registerUser('cache-behind');
    const meal = (await api.post('/api/meals', { mealType: 'dinner', name: 'Soup', timestamp: new Date().toISOString() })).body as Meal;
    expect((await todaysMeals(api))[0].name).toBe('Soup');
    const db = new Client({ connectionString: provided('databaseUrl') });
    await db.connect();
    try {
      await db.query("UPDATE journal.meals SET name = 'Stew' WHERE id = $1", [meal.id]);
    } finally {
      await db.end();
    }
    expect((await todaysMeals(api))[0].name).toBe('Soup');
    await api.post('/api/symptoms', { symptomType: 'bloating', severity: 'mild' });
    expect((await todaysMeals(api))[0].name).toBe('Stew');
  });
});
