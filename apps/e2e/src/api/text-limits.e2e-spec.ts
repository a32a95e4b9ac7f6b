import { Messages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { ApiSession, registerUser, uniqueEmail } from '../support/api';

/** Free text over its limit, or text PostgreSQL cannot store (NUL, unpaired surrogates), is the sender's fault: 400, never 500. */
describe('free-text fields', () => {
  const timestamp = '2026-11-20T12:30:00.000Z';

  it('refuses a meal whose name or notes hold a NUL byte or an unpaired surrogate, or notes over 2,000 characters', async () => {
    const { api } = await registerUser('text');

    const nul = await api.post('/api/meals', { mealType: 'lunch', name: 'Soup\u0000', timestamp });
    const surrogate = await api.post('/api/meals', { mealType: 'lunch', name: 'Soup', notes: 'hot \uD83D', timestamp });
    const long = await api.post('/api/meals', { mealType: 'lunch', name: 'Soup', notes: 'a'.repeat(2001), timestamp });

    expect([nul.status, nul.body.message]).toEqual([400, Messages.textUnstorable('Meal name')]);
    expect([surrogate.status, surrogate.body.message]).toEqual([400, Messages.textUnstorable('Notes')]);
    expect([long.status, long.body.message]).toEqual([400, 'Notes must be at most 2,000 characters']);
    expect((await api.post('/api/meals', { mealType: 'lunch', name: 'Pho 🍜', timestamp })).status).toBe(201);
  });

  it('refuses a registration whose name holds a NUL byte or is over 100 characters', async () => {
    const person = { email: uniqueEmail('text'), password: 'Correct-Horse-9', firstName: 'Ann', lastName: 'Lee' };

    const nul = await new ApiSession().post('/api/auth/local/register', { ...person, firstName: 'An\u0000n' });
    const long = await new ApiSession().post('/api/auth/local/register', { ...person, lastName: 'L'.repeat(101) });

    expect([nul.status, nul.body.message]).toEqual([400, Messages.textUnstorable('First name')]);
    expect([long.status, long.body.message]).toEqual([400, 'Last name must be at most 100 characters']);
  });

  it('refuses a symptom whose notes hold a NUL byte or run over 2,000 characters, and a serving unit over 40 characters or unstorable', async () => {
    const { api } = await registerUser('textjournal');
    const meal = (await api.post('/api/meals', { mealType: 'lunch', name: 'Soup', timestamp })).body;
    const [food] = (await api.get('/api/foods/search?q=carrot')).body;

    const nul = await api.post('/api/symptoms', { symptomType: 'gas', severity: 'mild', notes: 'after\u0000lunch' });
    const long = await api.post('/api/symptoms', { symptomType: 'gas', severity: 'mild', notes: 'a'.repeat(2001) });
    const longUnit = await api.post(`/api/meals/${meal.id}/foods`, { foodId: food.id, quantity: 1, servingUnit: 'u'.repeat(41) });
    const surrogateUnit = await api.post(`/api/meals/${meal.id}/foods`, { foodId: food.id, quantity: 1, servingUnit: 'cup\uD800' });

    expect([nul.status, nul.body.message]).toEqual([400, Messages.textUnstorable('Notes')]);
    expect([long.status, long.body.message]).toEqual([400, 'Notes must be at most 2,000 characters']);
    expect([longUnit.status, longUnit.body.message]).toEqual([400, 'Serving unit must be at most 40 characters']);
    expect([surrogateUnit.status, surrogateUnit.body.message]).toEqual([400, Messages.textUnstorable('Serving unit')]);
    expect((await api.get('/api/symptoms')).body).toEqual([]);
    expect((await api.get(`/api/meals/${meal.id}`)).body.foods).toEqual([]);
  });

  it('refuses a food search or a private food with unstorable text', async () => {
    const { api } = await registerUser('textfood');

    const search = await api.get(`/api/foods/search?q=${encodeURIComponent('ga\u0000rlic')}`);
    const food = await api.post('/api/debug/quick-add-food', { name: 'Sauce', fodmapRating: 'low', description: '\uDC00' });

    expect([search.status, search.body.message]).toEqual([400, Messages.textUnstorable('Search term')]);
    expect([food.status, food.body.message]).toEqual([400, Messages.textUnstorable('Description')]);
  });
});
