import { Messages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { provided } from '../support/provided';
import { registerUser } from '../support/api';

describe('POST /api/meals', () => {
  it('creates a meal and returns it with a numeric id', async () => {
    const { api } = await registerUser('meal');
    const timestamp = '2026-11-20T12:30:00.000Z';
    const res = await api.post('/api/meals', { mealType: 'lunch', name: '  Chicken & rice ', timestamp });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Chicken & rice', mealType: 'lunch', timestamp, completed: false, foods: [], symptoms: [] });
    expect(Number.isInteger(res.body.id)).toBe(true);
  });

  it('rejects a meal without a name, with an unknown type or a bad time, and creates nothing', async () => {
    const { api } = await registerUser('badmeal');
    const timestamp = new Date().toISOString();
    const noName = await api.post('/api/meals', { mealType: 'lunch', name: ' ', timestamp });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe(Messages.mealNameRequired);
    const badType = await api.post('/api/meals', { mealType: 'brunch', name: 'Eggs', timestamp });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe(Messages.mealTypeInvalid);
    const badTime = await api.post('/api/meals', { mealType: 'snack', name: 'Eggs', timestamp: 'yesterday-ish' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toBe(Messages.mealTimestampInvalid);
  });

  it('answers 504 with a clear message when the journal does not answer in time', async () => {
    const { api } = await registerUser('timeout');
    const journal = provided('stackPids').journal;
    process.kill(journal, 'SIGSTOP');
    try {
      const res = await api.post('/api/meals', { mealType: 'dinner', name: 'Stew', timestamp: new Date().toISOString() });
      expect(res.status).toBe(504);
      expect(res.body.message).toBe(Messages.serviceTimeout('journal'));
    } finally {
      process.kill(journal, 'SIGCONT');
    }
  });
});
