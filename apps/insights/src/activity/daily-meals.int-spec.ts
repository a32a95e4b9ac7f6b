import { Caller, EventTypes, MealCreatedV1, Rpc } from '@fodmap/contracts';
import { rebuildConsumerProjection } from '@fodmap/server';
import { eventually, Producer, ServiceCaller, startProducer, startService, suitePrefix, testConfig } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { connect } from 'nats';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dailyMealsProjection } from './daily-meals.projection';

/** The first flow over the event backbone: a meal appended in the journal, counted by insights on the user's own day. */
describe('meals counted per local day (journal → insights)', () => {
  let journal: Producer;
  let insights: INestMicroservice;
  let services: ServiceCaller;
  let meals = 0;
  const newYorker: Caller = { userId: 501, timeZone: 'America/New_York' };

  /** Appends the MealCreated the journal records when the caller logs a meal. */
  const createMeal = (caller: Caller, meal: Pick<MealCreatedV1, 'mealType' | 'name' | 'timestamp'>) => {
    const data: MealCreatedV1 = { mealId: ++meals, userId: caller.userId, timeZone: caller.timeZone, notes: null, ...meal };
    return journal.store.append(`meal-${data.mealId}`, 0, [{ type: EventTypes.MealCreated, schemaVersion: 1, data }], { userId: caller.userId });
  };
  const dailyMeals = (caller: Caller, startDate: string, endDate: string) =>
    services.call(Rpc.insights.dailyMeals, { caller, input: { startDate, endDate } });

  beforeAll(async () => {
    // A prefix of its own, since the stand-in journal numbers its events from 1; set before insights' modules load.
    process.env.NATS_PREFIX = suitePrefix('insights');
    journal = await startProducer('journal');
    const { AppModule } = await import('../app.module');
    insights = await startService('insights', AppModule);
    services = await ServiceCaller.connect();
  });

  afterAll(async () => {
    await services?.close();
    await insights?.close();
    await journal?.stop();
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

  it("takes a deleted meal off its day, and passes over the journal's other events without dead-lettering them", async () => {
    const angeleno: Caller = { userId: 503, timeZone: 'America/Los_Angeles' };
    await createMeal(angeleno, { mealType: 'dinner', name: 'Pasta', timestamp: '2025-03-11T06:30:00Z' });
    const { events } = await createMeal(angeleno, { mealType: 'snack', name: 'Crackers', timestamp: '2025-03-11T05:00:00Z' });
    const { mealId } = events[0].data as MealCreatedV1;
    const userId = angeleno.userId;
    const { events: changes } = await journal.store.append(`meal-${mealId}`, 1, [
      { type: EventTypes.MealCompleted, schemaVersion: 1, data: { mealId, userId, completedAt: '2025-03-11T08:00:00.000Z' } },
      { type: EventTypes.MealDeleted, schemaVersion: 1, data: { mealId, userId, deletedAt: '2025-03-11T09:00:00.000Z' } },
    ], { userId });

    const dataSource = insights.get(DataSource);
    await eventually(async () => {
      const [{ position }] = await dataSource.query(`SELECT position::int FROM insights.projection_checkpoints WHERE projection = 'daily_meals' AND source = 'journal'`);
      expect(position).toBeGreaterThanOrEqual(changes[1].position);
    });
    expect(await dailyMeals(angeleno, '2025-03-10', '2025-03-10')).toEqual([{ date: '2025-03-10', mealsCount: 1 }]);
    expect(await dataSource.query('SELECT type, error FROM insights.dead_letters')).toEqual([]);
  });

  it('rejects a range whose start is after its end', async () => {
    const failure = await services.failure(Rpc.insights.dailyMeals, { caller: newYorker, input: { startDate: '2025-03-10', endDate: '2025-03-01' } });

    expect(failure).toEqual({ status: 400, message: 'startDate must not be after endDate' });
  });

  it('rebuilds daily_meals from the stream to the same rows, keeping the index names the migrations gave them', async () => {
    const dataSource = insights.get(DataSource);
    const read = async () => ({
      rows: await dataSource.query('SELECT * FROM insights.daily_meals ORDER BY user_id, day'),
      days: await dataSource.query('SELECT * FROM insights.daily_meal_days ORDER BY meal_id'),
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
