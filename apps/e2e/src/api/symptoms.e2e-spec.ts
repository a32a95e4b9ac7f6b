import { httpContract, JournalMessages, LogSymptomInput, Messages, Symptom } from '@fodmap/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiSession, okBody, registerUser } from '../support/api';

let ann: ApiSession;
let bob: ApiSession;

beforeAll(async () => {
  ann = (await registerUser('symptoms-ann', 'Ann')).api;
  bob = (await registerUser('symptoms-bob', 'Bob')).api;
});

async function logSymptom(api: ApiSession, fields: Partial<LogSymptomInput>): Promise<Symptom> {
  const res = await api.call(httpContract.symptoms.log, { body: { symptomType: 'bloating', severity: 'mild', ...fields } });
  expect(res).toMatchObject({ status: 201 });
  return okBody(res);
}

describe('POST /api/symptoms', () => {
  it('logs a symptom now by default, with its notes', async () => {
    const before = Date.now();
    const symptom = await logSymptom(ann, { symptomType: 'pain', severity: 'moderate', notes: '  after lunch ' });
    expect(symptom).toMatchObject({ symptomType: 'pain', severity: 'moderate', notes: 'after lunch', mealId: null });
    expect(symptom.id).toEqual(expect.any(Number));
    expect(Date.parse(symptom.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(symptom.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('logs a symptom that began earlier, on a past day', async () => {
    const symptom = await logSymptom(ann, { symptomType: 'fatigue', severity: 'severe', timestamp: '2025-02-10T21:00:00+01:00' });
    expect(symptom.timestamp).toBe('2025-02-10T20:00:00.000Z');
  });

  it('refuses a time in the future beyond a minute of clock skew, and one that is not a time', async () => {
    for (const timestamp of [new Date(Date.now() + 10 * 60_000).toISOString(), '3000-01-01T00:00:00Z', 'tomorrow']) {
      const res = await ann.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild', timestamp } });
      expect({ timestamp, status: res.status, body: res.body }).toEqual({ timestamp, status: 400, body: { message: JournalMessages.symptomTimestampInvalid } });
    }
    const skewed = await logSymptom(ann, { symptomType: 'gas', timestamp: new Date(Date.now() + 20_000).toISOString() });
    expect(skewed.symptomType).toBe('gas');
  });

  it('names what is wrong with the type, severity and meal', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ symptomType: '', severity: 'mild' }, JournalMessages.symptomTypeRequired],
      [{ severity: 'mild' }, JournalMessages.symptomTypeRequired],
      [{ symptomType: 'sneezing', severity: 'mild' }, JournalMessages.symptomTypeInvalid],
      [{ symptomType: 'bloating', severity: 'unbearable' }, JournalMessages.severityInvalid],
      [{ symptomType: 'bloating' }, JournalMessages.severityInvalid],
      [{ symptomType: 'bloating', severity: 'mild', mealId: 'lunch' }, JournalMessages.mealIdInvalid],
      [{ symptomType: 'bloating', severity: 'mild', mealId: 0 }, JournalMessages.mealIdInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await ann.send(httpContract.symptoms.log, { body });
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { message } });
    }
    const unknownMeal = await ann.call(httpContract.symptoms.log, { body: { symptomType: 'bloating', severity: 'mild', mealId: 2_000_000_000 } });
    expect(unknownMeal).toMatchObject({ status: 404, body: { message: Messages.mealNotFound } });
  });

  it('links a symptom to one of the person’s meals, where the meal shows it', async () => {
    const meal = okBody(await ann.call(httpContract.meals.create, { body: { mealType: 'dinner', name: 'Curry', timestamp: new Date().toISOString() } }));
    const symptom = await logSymptom(ann, { symptomType: 'bloating', severity: 'moderate', mealId: meal.id });
    expect(symptom.mealId).toBe(meal.id);
    expect(okBody(await ann.call(httpContract.meals.get, { params: { id: meal.id } })).symptoms).toEqual([symptom]);
  });

  it('logs once when a create is retried with the same Idempotency-Key', async () => {
    const { api } = await registerUser('symptom-once');
    const body: LogSymptomInput = { symptomType: 'nausea', severity: 'mild' };
    const first = await api.call(httpContract.symptoms.log, { body, headers: { 'Idempotency-Key': 'nausea-1' } });
    const retry = await api.call(httpContract.symptoms.log, { body, headers: { 'Idempotency-Key': 'nausea-1' } });
    expect(first.status).toBe(201);
    expect(retry).toMatchObject({ status: 201, body: first.body });
    expect((await api.call(httpContract.symptoms.list)).body).toEqual([first.body]);
  });
});

describe('GET /api/symptoms', () => {
  it('lists every symptom newest first, each day by ?date= in the person’s time zone', async () => {
    const { api } = await registerUser('symptom-list', 'Lee', 'America/Los_Angeles');
    // 23:30 on 14 January in Los Angeles is 07:30 on the 15th in UTC.
    const late = await logSymptom(api, { symptomType: 'pain', timestamp: '2025-01-15T07:30:00.000Z' });
    const morning = await logSymptom(api, { symptomType: 'gas', timestamp: '2025-01-14T17:00:00.000Z' });
    const next = await logSymptom(api, { symptomType: 'mood', timestamp: '2025-01-15T18:00:00.000Z' });
    expect((await api.call(httpContract.symptoms.list)).body).toEqual([next, late, morning]);
    expect((await api.call(httpContract.symptoms.list, { query: { date: '2025-01-14' } })).body).toEqual([late, morning]);
    expect((await api.call(httpContract.symptoms.list, { query: { date: '2025-01-15' } })).body).toEqual([next]);
    expect(await api.call(httpContract.symptoms.list, { query: { date: '15/01/2025' } })).toMatchObject({ status: 400, body: { message: 'date must be a date (YYYY-MM-DD)' } });
  });
});

describe('DELETE /api/symptoms/:id', () => {
  it('deletes a symptom, then answers 404; a bad id is a 400', async () => {
    const symptom = await logSymptom(ann, { symptomType: 'headache' });
    expect(await ann.call(httpContract.symptoms.remove, { params: { id: symptom.id } })).toMatchObject({ status: 200, body: { message: JournalMessages.symptomDeleted } });
    expect(okBody(await ann.call(httpContract.symptoms.list)).map((listed) => listed.id)).not.toContain(symptom.id);
    expect(await ann.call(httpContract.symptoms.remove, { params: { id: symptom.id } })).toMatchObject({ status: 404, body: { message: JournalMessages.symptomNotFound } });
    expect(await ann.call(httpContract.symptoms.remove, { params: { id: 'headache' } })).toMatchObject({ status: 400, body: { message: JournalMessages.symptomIdInvalid } });
  });
});

describe("another person's symptoms", () => {
  it('are neither listed nor deletable (404), and stay', async () => {
    const symptom = await logSymptom(ann, { symptomType: 'constipation', notes: 'Ann’s private note' });
    expect(await bob.call(httpContract.symptoms.remove, { params: { id: symptom.id } })).toMatchObject({ status: 404, body: { message: JournalMessages.symptomNotFound } });
    expect(JSON.stringify((await bob.call(httpContract.symptoms.list)).body)).not.toContain('Ann’s private note');
    expect(okBody(await ann.call(httpContract.symptoms.list)).find((listed) => listed.id === symptom.id)).toEqual(symptom);
  });
});

describe('signed out', () => {
  it('keeps a visitor out of every symptom route with a 401', async () => {
    const visitor = new ApiSession();
    for (const res of [await visitor.call(httpContract.symptoms.list), await visitor.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild' } }), await visitor.call(httpContract.symptoms.remove, { params: { id: 1 } })]) {
      expect(res).toMatchObject({ status: 401, body: { message: Messages.unauthorized } });
    }
  });
});
