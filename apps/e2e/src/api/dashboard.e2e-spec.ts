import { DashboardStats, Food, Meal, Messages, httpContract } from '@fodmap/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiSession, catalogueFood, okBody, registerUser } from '../support/api';

/** Catalogue foods rated at one serving without measured components: at quantity 1 their rating stands. */
let foods: { low: Food; medium: Food; high: Food; unknown: Food };

beforeAll(async () => {
  const { api } = await registerUser('dashboard-foods');
  const [low, medium, high, unknown] = await Promise.all(['Egg, hard-boiled', 'Celery stalks, raw', 'Garlic, raw', 'Parsnip, raw'].map((name) => catalogueFood(api, name)));
  foods = { low, medium, high, unknown };
  expect([low, medium, high, unknown].map((food) => food.fodmapRating)).toEqual(['low', 'medium', 'high', 'unknown']);
});

async function mealOf(api: ApiSession, name: string, eaten: Food[], timestamp = new Date().toISOString()): Promise<Meal> {
  const meal = okBody(await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name, timestamp } }));
  let updated = meal;
  for (const food of eaten) {
    const res = await api.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: food.id, quantity: 1, servingUnit: 'serving' } });
    expect(res.status).toBe(201);
    updated = okBody(res);
  }
  return updated;
}

const stats = async (api: ApiSession): Promise<DashboardStats> => {
  const res = await api.call(httpContract.dashboard.stats);
  expect(res.status).toBe(200);
  return okBody(res);
};

describe('GET /api/dashboard/stats', () => {
  it('has no score, no meals and no symptoms for a new person', async () => {
    const { api } = await registerUser('dashboard-new');
    expect(await stats(api)).toEqual({ todayScore: null, todayBand: null, mealsLogged: 0, symptomsCount: 0, unknownFoods: 0, stackingWarnings: [] });
  });

  it("scores today's low and medium foods 75, 'good', and counts today's meals and symptoms only", async () => {
    const { api } = await registerUser('dashboard-day');
    const breakfast = await mealOf(api, 'Egg', [foods.low]);
    await mealOf(api, 'Celery sticks', [foods.medium]);
    await mealOf(api, 'Last week’s garlic bread', [foods.high], new Date(Date.now() - 7 * 86_400_000).toISOString());
    await api.call(httpContract.symptoms.log, { body: { symptomType: 'bloating', severity: 'moderate', mealId: breakfast.id } });
    await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild' } });
    await api.call(httpContract.symptoms.log, { body: { symptomType: 'pain', severity: 'severe', timestamp: new Date(Date.now() - 3 * 86_400_000).toISOString() } });

    // Risk: 50 per share of medium foods = 25; the score is 100 − 25 (spec §4, §9 bands: 60–79 good).
    expect(await stats(api)).toMatchObject({ todayScore: 75, todayBand: 'good', mealsLogged: 2, symptomsCount: 2, unknownFoods: 0 });
  });

  it('counts foods of unknown rating apart, never as low', async () => {
    const { api } = await registerUser('dashboard-unknown');
    await mealOf(api, 'Garlic and parsnip', [foods.high, foods.unknown]);
    // Only the garlic is rated: a risk of 100, a score of 0 ('poor'); the parsnip would have made it 50 as a low food.
    expect(await stats(api)).toMatchObject({ todayScore: 0, todayBand: 'poor', mealsLogged: 1, unknownFoods: 1 });
  });

  it('has no score when every food today is of unknown rating, or a meal has no food yet', async () => {
    const { api } = await registerUser('dashboard-unrated');
    await mealOf(api, 'Parsnip', [foods.unknown]);
    await mealOf(api, 'Still deciding', []);
    expect(await stats(api)).toMatchObject({ todayScore: null, todayBand: null, mealsLogged: 2, symptomsCount: 0, unknownFoods: 1 });
  });

  it('flags a meal of foods each low on its own whose lactose adds up over the cut-off, and says which group', async () => {
    const { api } = await registerUser('dashboard-stacking');
    // 1 tbsp cream cheese (0.55 g lactose) and ¼ cup feta (0.56 g): each under the 1 g cut-off, together over it.
    const [creamCheese, feta] = await Promise.all(['Cream cheese', 'Feta cheese'].map((name) => catalogueFood(api, name)));
    const meal = await mealOf(api, 'Cheese plate', [creamCheese, feta]);
    expect(meal.foods.map((entry) => entry.ratingAtQuantity)).toEqual(['low', 'low']);
    expect(meal.stacking.stacked).toEqual(['lactose']);
    expect(meal.stacking.groups.find((group) => group.group === 'lactose')).toMatchObject({ cutoff: 1, over: true, grams: expect.any(Number) });
    expect(meal.stacking.unknownFoods).toBe(0);

    expect(await stats(api)).toMatchObject({ todayScore: 100, todayBand: 'excellent', stackingWarnings: [{ mealId: meal.id, mealName: 'Cheese plate', groups: ['lactose'] }] });
  });

  it('says so when a meal’s components are partly unknown instead of claiming it is low', async () => {
    const { api } = await registerUser('dashboard-partly');
    const meal = await mealOf(api, 'Cheese and egg', [await catalogueFood(api, 'Cream cheese'), foods.low]);
    expect(meal.stacking).toMatchObject({ stacked: [], unknownFoods: 1 });
  });

  it('forgets a deleted meal', async () => {
    const { api } = await registerUser('dashboard-deleted');
    await mealOf(api, 'Egg', [foods.low]);
    const garlic = await mealOf(api, 'Garlic', [foods.high]);
    expect(await stats(api)).toMatchObject({ todayScore: 50, todayBand: 'fair', mealsLogged: 2 });
    await api.call(httpContract.meals.remove, { params: { id: garlic.id } });
    expect(await stats(api)).toMatchObject({ todayScore: 100, todayBand: 'excellent', mealsLogged: 1 });
  });

  it('is for signed-in people only', async () => {
    expect(await new ApiSession().call(httpContract.dashboard.stats)).toMatchObject({ status: 401, body: { message: Messages.unauthorized } });
  });
});
