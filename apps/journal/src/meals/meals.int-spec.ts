import { Caller, CreateMealInput, Messages, pageCursorInvalid, Rpc } from '@fodmap/contracts';
import { EventStore, rebuildInlineProjection } from '@fodmap/server';
import { ServiceCaller, startService } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppModule } from '../app.module';
import { mealsProjection } from './meals.projection';

describe('journal meals', () => {
  let journal: INestMicroservice;
  let services: ServiceCaller;
  const caller: Caller = { userId: 601, timeZone: 'Europe/London' };
  const createMeal = (input: CreateMealInput, who: Caller = caller) => services.call(Rpc.journal.createMeal, { caller: who, input });

  beforeAll(async () => {
    journal = await startService('journal', AppModule);
    services = await ServiceCaller.connect();
  });

  afterAll(async () => {
    await services?.close();
    await journal?.close();
  });

  it('creates a meal and returns it with a numeric id, read back from the meals read table', async () => {
    const meal = await createMeal({ mealType: 'lunch', name: '  Chicken & rice ', timestamp: '2025-03-10T12:30:00+01:00', notes: 'Spicy' });

    expect(meal).toEqual({
      id: expect.any(Number),
      name: 'Chicken & rice',
      mealType: 'lunch',
      timestamp: '2025-03-10T11:30:00.000Z',
      completed: false,
      notes: 'Spicy',
      foods: [],
      symptoms: [],
      fodmapScore: null,
      fodmapBand: 'none',
      unknownFoods: 0,
      stacking: { groups: expect.any(Array), stacked: [], unknownFoods: 0 },
      totalCalories: null,
    });
    const [event] = await journal.get(EventStore).readStream(`meal-${meal.id}`);
    expect(event).toMatchObject({
      type: 'MealCreated',
      schemaVersion: 1,
      streamVersion: 1,
      data: { mealId: meal.id, userId: 601, name: 'Chicken & rice', mealType: 'lunch', timestamp: '2025-03-10T11:30:00.000Z', timeZone: 'Europe/London', notes: 'Spicy' },
      metadata: { userId: 601 },
    });
  });

  it("records the request's correlation id in the event's metadata, and a fresh one when the request carries none", async () => {
    const input = { mealType: 'snack', name: 'Apple', timestamp: '2025-03-10T15:00:00Z' };
    const traced = await services.call(Rpc.journal.createMeal, { caller, input }, 'request-7f3a');
    const untraced = await createMeal(input);

    const [tracedEvent] = await journal.get(EventStore).readStream(`meal-${traced.id}`);
    const [untracedEvent] = await journal.get(EventStore).readStream(`meal-${untraced.id}`);
    expect(tracedEvent.metadata).toMatchObject({ correlationId: 'request-7f3a', causationId: null });
    expect(untracedEvent.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a meal without a name, with an unknown type or a bad time, with the messages of the spec', async () => {
    const failure = (input: Record<string, unknown>) => services.failure(Rpc.journal.createMeal, { caller, input });

    expect(await failure({ mealType: 'lunch', name: ' ', timestamp: '2025-03-10T12:00:00Z' })).toEqual({ status: 400, message: Messages.mealNameRequired });
    expect(await failure({ mealType: 'brunch', name: 'Eggs', timestamp: '2025-03-10T12:00:00Z' })).toEqual({ status: 400, message: Messages.mealTypeInvalid });
    expect(await failure({ mealType: 'snack', name: 'Eggs', timestamp: 'yesterday-ish' })).toEqual({ status: 400, message: Messages.mealTimestampInvalid });
  });

  it('rejects a caller whose time zone does not exist, which would misplace the meal on every daily figure', async () => {
    const failure = await services.failure(Rpc.journal.createMeal, { caller: { userId: 601, timeZone: 'Mars/Olympus' }, input: { mealType: 'lunch', name: 'Eggs', timestamp: '2025-03-10T12:00:00Z' } });

    expect(failure).toEqual({ status: 400, message: Messages.invalidTimeZone });
  });

  describe('with an Idempotency-Key', () => {
    // A user of its own, so that its meals and events can be counted.
    const retrier: Caller = { userId: 611, timeZone: 'Europe/London' };
    const input: CreateMealInput = { mealType: 'breakfast', name: 'Porridge', timestamp: '2025-03-12T08:00:00Z' };
    const createWithKey = (idempotencyKey: string, body: CreateMealInput = input, who: Caller = retrier) =>
      services.call(Rpc.journal.createMeal, { caller: who, input: body, idempotencyKey });
    const counts = async (userId: number) => {
      const [row] = await journal.get(DataSource).query(
        `SELECT (SELECT count(*)::int FROM journal.meals WHERE user_id = $1) AS meals,
                (SELECT count(*)::int FROM journal.events WHERE type = 'MealCreated' AND (data->>'userId')::int = $1) AS events`,
        [userId],
      );
      return row as { meals: number; events: number };
    };

    it('creates one meal and one event for the same key and input sent twice, and answers the same meal both times', async () => {
      const before = await counts(retrier.userId);
      const first = await createWithKey('retry-1');
      const again = await createWithKey('retry-1');

      expect(again).toEqual(first);
      expect(await counts(retrier.userId)).toEqual({ meals: before.meals + 1, events: before.events + 1 });
    });

    it('refuses the key with another input with a 422, creating nothing, and keeps keys apart per user', async () => {
      const first = await createWithKey('retry-2');
      const before = await counts(retrier.userId);

      expect(await services.failure(Rpc.journal.createMeal, { caller: retrier, input: { ...input, name: 'Toast' }, idempotencyKey: 'retry-2' })).toEqual({
        status: 422,
        message: Messages.idempotencyKeyReused,
      });
      expect(await counts(retrier.userId)).toEqual(before);
      const someoneElse = await createWithKey('retry-2', input, { userId: 612, timeZone: 'UTC' });
      expect(someoneElse.id).not.toBe(first.id);
    });

    it('creates one meal for ten concurrent requests with one key, and answers it to all ten', async () => {
      const before = await counts(retrier.userId);
      const answers = await Promise.all(Array.from({ length: 10 }, () => createWithKey('retry-3')));

      expect(new Set(answers.map((meal) => meal.id)).size).toBe(1);
      expect(await counts(retrier.userId)).toEqual({ meals: before.meals + 1, events: before.events + 1 });
    });

    it('refuses a key that is not 1 to 128 visible ASCII characters', async () => {
      for (const idempotencyKey of ['', 'has space', 'x'.repeat(129), 'café']) {
        expect(await services.failure(Rpc.journal.createMeal, { caller: retrier, input, idempotencyKey })).toEqual({ status: 400, message: Messages.idempotencyKeyInvalid });
      }
    });
  });

  describe('a page at a time (one keyset paging: the lists newest first, the export oldest first)', () => {
    const pager: Caller = { userId: 603, timeZone: 'UTC' };
    const listAll = async (limit: number) => {
      const pages: number[][] = [];
      let cursor: string | undefined;
      do {
        const page = await services.call(Rpc.journal.listMeals, { caller: pager, input: { limit, cursor } });
        pages.push(page.items.map((meal) => meal.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      return pages;
    };

    it('reads every meal once, ties by id, to the microsecond, and ends on the last page rather than an empty one after it', async () => {
      const at = '2025-04-01T08:00:00.000Z';
      const [a, b, c] = [await createMeal({ mealType: 'breakfast', name: 'A', timestamp: at }, pager), await createMeal({ mealType: 'lunch', name: 'B', timestamp: at }, pager), await createMeal({ mealType: 'dinner', name: 'C', timestamp: at }, pager)];
      const earlier = await createMeal({ mealType: 'snack', name: 'D', timestamp: '2025-03-31T08:00:00Z' }, pager);
      // B half a millisecond later: a position kept to the millisecond would put C (same millisecond, higher id) behind it.
      const dataSource = journal.get(DataSource);
      await dataSource.query("UPDATE journal.meals SET \"timestamp\" = \"timestamp\" + interval '500 microseconds' WHERE id = $1", [b.id]);
      try {
        expect(await listAll(1)).toEqual([[b.id], [c.id], [a.id], [earlier.id]]);
        expect(await listAll(2)).toEqual([[b.id, c.id], [a.id, earlier.id]]);
        expect(await listAll(200)).toEqual([[b.id, c.id, a.id, earlier.id]]);
        const exported = await services.call(Rpc.journal.exportMeals, { caller: pager, after: null });
        expect({ ids: exported.items.map((meal) => meal.id), next: exported.next }).toEqual({ ids: [earlier.id, a.id, c.id, b.id], next: null });
      } finally {
        // The rebuild below compares the table with its events.
        await dataSource.query("UPDATE journal.meals SET \"timestamp\" = \"timestamp\" - interval '500 microseconds' WHERE id = $1", [b.id]);
      }
    });

    it('pages symptoms the same way, and refuses a cursor no list gave with 400', async () => {
      const logged = [];
      for (const timestamp of ['2025-04-02T09:00:00Z', '2025-04-02T10:00:00Z', '2025-04-02T10:00:00Z']) {
        logged.push((await services.call(Rpc.journal.logSymptom, { caller: pager, input: { symptomType: 'gas', severity: 'mild', timestamp } })).id);
      }
      const first = await services.call(Rpc.journal.listSymptoms, { caller: pager, input: { limit: 2 } });
      expect(first.items.map((symptom) => symptom.id)).toEqual([logged[2], logged[1]]);
      const second = await services.call(Rpc.journal.listSymptoms, { caller: pager, input: { limit: 2, cursor: first.nextCursor ?? '' } });
      expect({ ids: second.items.map((symptom) => symptom.id), next: second.nextCursor }).toEqual({ ids: [logged[0]], next: null });
      const exported = await services.call(Rpc.journal.exportSymptoms, { caller: pager, after: null });
      expect({ ids: exported.items.map((symptom) => symptom.id), next: exported.next }).toEqual({ ids: logged, next: null });
      const forged = Buffer.from('2025-04-02T10:00:00.000Z|1 OR 1=1').toString('base64url');
      expect(await services.failure(Rpc.journal.listSymptoms, { caller: pager, input: { cursor: forged } })).toEqual({ status: 400, message: pageCursorInvalid });
    });
  });

  // Other suites of the run also write to the journal schema: this one compares, it does not count.
  it('rebuilds the meals table from the events table to the same rows, keeping the index names the migrations gave them', async () => {
    await createMeal({ mealType: 'dinner', name: 'Stew', timestamp: '2025-03-11T19:00:00Z' }, { userId: 602, timeZone: 'UTC' });
    const dataSource = journal.get(DataSource);
    const read = async () => ({
      rows: await dataSource.query('SELECT * FROM journal.meals ORDER BY id'),
      indexes: await dataSource.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'journal' AND tablename = 'meals' ORDER BY indexname`),
    });
    const before = await read();

    const result = await rebuildInlineProjection(journal.get(EventStore), mealsProjection);

    const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM journal.events');
    expect(result.events).toBe(count);
    expect(await read()).toEqual(before);
    expect(before.indexes).toEqual([{ indexname: 'meals_pkey' }, { indexname: 'meals_user_timestamp_id' }]);
  });
});
