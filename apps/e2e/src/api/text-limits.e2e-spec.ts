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

  it('refuses a food search or a private food with unstorable text', async () => {
    const { api } = await registerUser('textfood');

    const search = await api.get(`/api/foods/search?q=${encodeURIComponent('ga\u0000rlic')}`);
    const food = await api.post('/api/debug/quick-add-food', { name: 'Sauce', fodmapRating: 'low', description: '\uDC00' });

    expect([search.status, search.body.message]).toEqual([400, Messages.textUnstorable('Search term')]);
    expect([food.status, food.body.message]).toEqual([400, Messages.textUnstorable('Description')]);
  });
});
