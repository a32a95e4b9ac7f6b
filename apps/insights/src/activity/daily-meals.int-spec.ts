import { Caller, DailyMealCount, Meal, Rpc } from '@fodmap/contracts';
import { rebuildConsumerProjection } from '@fodmap/server';
import { INestMicroservice } from '@nestjs/common';
import { connect } from 'nats';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { dailyMealsProjection } from './daily-meals.projection';

// Test tools live outside the Nx projects: loaded by path, which the module-boundary lint allows.
type Testing = typeof import('../../../../tools/testing');
const { eventually, ServiceCaller, startService, testConfig }: Testing = await import(resolve(__dirname, '../../../../tools/testing/index.ts'));

/** The first flow over the event backbone: a meal appended in the journal, counted by insights on the user's own day. */
describe('meals counted per local day (journal → insights)', () => {
  let journal: INestMicroservice;
  let insights: INestMicroservice;
  let services: Awaited<ReturnType<Testing['ServiceCaller']['connect']>>;
  const newYorker: Caller = { userId: 501, timeZone: 'America/New_York' };

  const createMeal = (caller: Caller, input: Record<string, unknown>) => services.call<Meal>(Rpc.journal.createMeal, { caller, input });
  const dailyMeals = (caller: Caller, startDate: string, endDate: string) =>
    services.call<DailyMealCount[]>(Rpc.insights.dailyMeals, { caller, input: { startDate, endDate } });

  beforeAll(async () => {
    journal = await startService('journal');
    insights = await startService('insights');
    services = await ServiceCaller.connect();
  });

  afterAll(async () => {
    await services?.close();
    await insights?.close();
    await journal?.close();
  });

  it("counts a New York evening meal on that evening's day, not on the UTC day after", async () => {
    await createMeal(newYorker, { mealType: 'dinner', name: 'Chicken & rice', timestamp: '2025-03-10T02:30:00Z' });

    await eventually(async () => {
      expect(await dailyMeals(newYorker, '2025-03-08', '2025-03-10')).toEqual([
        { date: '2025-03-08', mealsCount: 0 },
        { date: '2025-03-09', mealsCount: 1 },
        { date: '2025-03-10', mealsCount: 0 },
      ]);
    });
  });

  it('counts each meal of a day once and keeps users apart', async () => {
    const tokyo: Caller = { userId: 502, timeZone: 'Asia/Tokyo' };
    await createMeal(tokyo, { mealType: 'breakfast', name: 'Rice', timestamp: '2025-03-09T22:00:00Z' });
    await createMeal(tokyo, { mealType: 'lunch', name: 'Soba', timestamp: '2025-03-10T03:00:00Z' });

    await eventually(async () => {
      expect(await dailyMeals(tokyo, '2025-03-09', '2025-03-10')).toEqual([
        { date: '2025-03-09', mealsCount: 0 },
        { date: '2025-03-10', mealsCount: 2 },
      ]);
    });
    expect(await dailyMeals(newYorker, '2025-03-10', '2025-03-10')).toEqual([{ date: '2025-03-10', mealsCount: 0 }]);
  });

  it('rejects a range whose start is after its end', async () => {
    const failure = await services.failure(Rpc.insights.dailyMeals, { caller: newYorker, input: { startDate: '2025-03-10', endDate: '2025-03-01' } });

    expect(failure).toEqual({ status: 400, message: 'startDate must not be after endDate' });
  });

  it('rebuilds daily_meals from the stream to the same rows, keeping the index names the migrations gave them', async () => {
    const dataSource = insights.get(DataSource);
    const read = async () => ({
      rows: await dataSource.query('SELECT * FROM insights.daily_meals ORDER BY user_id, day'),
      indexes: await dataSource.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'insights' AND tablename = 'daily_meals'`),
    });
    const before = await read();
    const nats = await connect({ servers: testConfig().natsUrl });

    const result = await rebuildConsumerProjection({ dataSource, nats, natsPrefix: testConfig().natsPrefix, projection: dailyMealsProjection });
    await nats.drain();

    expect(result.positions.journal).toBeGreaterThan(0);
    expect(await read()).toEqual(before);
    expect(before.indexes).toEqual([{ indexname: 'daily_meals_pkey' }]);
  });
});
