import { Messages, httpContract } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, messageOf, okBody, registerUser, uniqueEmail } from '../support/api';

/** Free text over its limit, or text PostgreSQL cannot store (NUL, unpaired surrogates), is the sender's fault: 400, never 500. */
describe('free-text fields', () => {
  const timestamp = '2026-11-20T12:30:00.000Z';

  it('refuses a meal whose name or notes hold a NUL byte or an unpaired surrogate, or notes over 2,000 characters', async () => {
    const { api } = await registerUser('text');

    const nul = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Soup\u0000', timestamp } });
    const surrogate = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Soup', notes: 'hot \uD83D', timestamp } });
    const long = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Soup', notes: 'a'.repeat(2001), timestamp } });

    expect([nul.status, messageOf(nul)]).toEqual([400, Messages.textUnstorable('Meal name')]);
    expect([surrogate.status, messageOf(surrogate)]).toEqual([400, Messages.textUnstorable('Notes')]);
    expect([long.status, messageOf(long)]).toEqual([400, 'Notes must be at most 2,000 characters']);
    expect((await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Pho 🍜', timestamp } })).status).toBe(201);
  });

  it('refuses a registration whose name holds a NUL byte or is over 100 characters', async () => {
    const person = { email: uniqueEmail('text'), password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Lee' };

    const nul = await new ApiSession().call(httpContract.auth.register, { body: { ...person, firstName: 'An\u0000n' } });
    const long = await new ApiSession().call(httpContract.auth.register, { body: { ...person, lastName: 'L'.repeat(101) } });

    expect([nul.status, messageOf(nul)]).toEqual([400, Messages.textUnstorable('First name')]);
    expect([long.status, messageOf(long)]).toEqual([400, 'Last name must be at most 100 characters']);
  });

  it('refuses a symptom whose notes hold a NUL byte or run over 2,000 characters, and a serving unit over 40 characters or unstorable', async () => {
    const { api } = await registerUser('textjournal');
    const meal = okBody(await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Soup', timestamp } }));
    const [food] = okBody(await api.call(httpContract.foods.search, { query: { q: 'carrot' } }));

    const nul = await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild', notes: 'after\u0000lunch' } });
    const long = await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild', notes: 'a'.repeat(2001) } });
    const longUnit = await api.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: food.id, quantity: 1, servingUnit: 'u'.repeat(41) } });
    const surrogateUnit = await api.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: food.id, quantity: 1, servingUnit: 'cup\uD800' } });

    expect([nul.status, messageOf(nul)]).toEqual([400, Messages.textUnstorable('Notes')]);
    expect([long.status, messageOf(long)]).toEqual([400, 'Notes must be at most 2,000 characters']);
    expect([longUnit.status, messageOf(longUnit)]).toEqual([400, 'Serving unit must be at most 40 characters']);
    expect([surrogateUnit.status, messageOf(surrogateUnit)]).toEqual([400, Messages.textUnstorable('Serving unit')]);
    expect((await api.call(httpContract.symptoms.list)).body).toEqual([]);
    expect(okBody(await api.call(httpContract.meals.get, { params: { id: meal.id } })).foods).toEqual([]);
  });

  it('refuses a food search or a private food with unstorable text', async () => {
    const { api } = await registerUser('textfood');

    const search = await api.call(httpContract.foods.search, { query: { q: 'ga\u0000rlic' } });
    const food = await api.call(httpContract.foods.quickAdd, { body: { name: 'Sauce', fodmapRating: 'low', description: '\uDC00' } });

    expect([search.status, messageOf(search)]).toEqual([400, Messages.textUnstorable('Search term')]);
    expect([food.status, messageOf(food)]).toEqual([400, Messages.textUnstorable('Description')]);
  });
});
