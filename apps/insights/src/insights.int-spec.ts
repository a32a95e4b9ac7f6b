import { Caller, EventTypes, FodmapRating, FoodSnapshot, InsightsMessages, mealFoodEntry, Rpc, Severity, SymptomType, UNMEASURED_COMPONENTS } from '@fodmap/contracts';
import { rebuildConsumerProjection } from '@fodmap/server';
import { eventually, Producer, ServiceCaller, startProducer, startService, suitePrefix, testConfig } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { connect } from 'nats';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { History } from './correlation/history';
import { HistoryReader } from './journal-history/history-reader';
import { journalHistoryProjection } from './journal-history/journal-history.projection';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A catalogue food as a meal keeps it; its components unmeasured, so a serving's rating is the food's own. */
function snapshot(id: number, name: string, fodmapRating: FodmapRating, ibsTriggerType: string | null = null): FoodSnapshot {
  return {
    id,
    name,
    fodmapRating,
    servingSize: '1 cup (150 g)',
    servingGrams: 150,
    caloriesPerServing: 100,
    foodType: 'vegetable',
    oligoGroup: 'other',
    ibsTriggerType,
    ...UNMEASURED_COMPONENTS,
  };
}

const garlic = snapshot(1, 'Garlic', 'high', 'fructans');
const rice = snapshot(2, 'White rice', 'low');
const lentils = snapshot(3, 'Lentils', 'medium', 'galactans');
const mystery = snapshot(4, 'Home-made stew', 'unknown');
const onion = snapshot(5, 'Onion', 'high', 'fructans');

/**
 * The journal's events reach insights over the real backbone (a stand-in journal appends them; the relay publishes them
 * to JetStream; the journal_history projection applies them), and the answers are read as the gateway would ask.
 */
describe('insights from the journal history (journal → insights)', () => {
  let journal: Producer;
  let insights: INestMicroservice;
  let services: ServiceCaller;
  let dataSource: DataSource;
  let lastPosition = 0;
  // Ids of a range of their own: the notifications suites append to the same producer_journal schema, from 100 up.
  let ids = 60_000;
  const versions = new Map<string, number>();

  /** Appends to a stream as the journal does, at its current version. */
  const append = async (streamId: string, userId: number, type: keyof typeof EventTypes, data: object) => {
    const { nextExpectedVersion, events } = await journal.store.append(streamId, versions.get(streamId) ?? 0, [{ type, schemaVersion: 1, data }], { userId });
    versions.set(streamId, nextExpectedVersion);
    lastPosition = events[events.length - 1].position;
  };
  const createMeal = async (caller: Caller, timestamp: string, foods: FoodSnapshot[] = []) => {
    const mealId = ++ids;
    await append(`meal-${mealId}`, caller.userId, 'MealCreated', { mealId, userId: caller.userId, name: 'Meal', mealType: 'dinner', timestamp, timeZone: caller.timeZone, notes: null });
    const entries: number[] = [];
    for (const food of foods) entries.push(await addFood(caller, mealId, food));
    return { mealId, entries };
  };
  const addFood = async (caller: Caller, mealId: number, food: FoodSnapshot) => {
    const entryId = ++ids;
    await append(`meal-${mealId}`, caller.userId, 'MealFoodAdded', { mealId, userId: caller.userId, entryId, quantity: 1, servingUnit: 'serving', grams: 150, food });
    return entryId;
  };
  const removeFood = (caller: Caller, mealId: number, entryId: number) => append(`meal-${mealId}`, caller.userId, 'MealFoodRemoved', { mealId, userId: caller.userId, entryId });
  const deleteMeal = (caller: Caller, mealId: number) =>
    append(`meal-${mealId}`, caller.userId, 'MealDeleted', { mealId, userId: caller.userId, deletedAt: new Date().toISOString() });
  const logSymptom = async (caller: Caller, timestamp: string, options: { mealId?: number; severity?: Severity; symptomType?: SymptomType } = {}) => {
    const symptomId = ++ids;
    const { mealId = null, severity = 'mild', symptomType = 'bloating' } = options;
    await append(`symptom-${symptomId}`, caller.userId, 'SymptomLogged', { symptomId, userId: caller.userId, symptomType, severity, notes: null, mealId, timestamp, timeZone: caller.timeZone });
    return symptomId;
  };
  /** A correction as the journal records it: the whole meal, entry or symptom as it now stands. */
  const changeMeal = (caller: Caller, mealId: number, timestamp: string) =>
    append(`meal-${mealId}`, caller.userId, 'MealChanged', {
      mealId,
      userId: caller.userId,
      name: 'Meal',
      mealType: 'dinner',
      timestamp,
      timeZone: caller.timeZone,
      notes: null,
      changed: ['timestamp'],
      changedAt: new Date().toISOString(),
    });
  const changeFood = (caller: Caller, mealId: number, entryId: number, food: FoodSnapshot, quantity: number) =>
    append(`meal-${mealId}`, caller.userId, 'MealFoodChanged', { mealId, userId: caller.userId, entryId, quantity, servingUnit: 'serving', grams: 150 * quantity, food, changedAt: new Date().toISOString() });
  const changeSymptom = (caller: Caller, symptomId: number, fields: { mealId: number | null; timestamp: string; severity: Severity }) =>
    append(`symptom-${symptomId}`, caller.userId, 'SymptomChanged', {
      symptomId,
      userId: caller.userId,
      symptomType: 'bloating',
      notes: null,
      timeZone: caller.timeZone,
      ...fields,
      changed: ['severity', 'timestamp'],
      changedAt: new Date().toISOString(),
    });
  const deleteSymptom = (caller: Caller, symptomId: number) =>
    append(`symptom-${symptomId}`, caller.userId, 'SymptomDeleted', { symptomId, userId: caller.userId, deletedAt: new Date().toISOString() });

  /** Waits until insights has applied everything appended so far. */
  const projected = () =>
    eventually(async () => {
      const rows: Array<{ position: string }> = await dataSource.query(
        `SELECT position FROM insights.projection_checkpoints WHERE projection = 'journal_history' AND source = 'journal'`,
      );
      expect(Number(rows[0]?.position ?? 0)).toBeGreaterThanOrEqual(lastPosition);
    });
  const activity = (caller: Caller, startDate: string, endDate: string) => services.call(Rpc.insights.activity, { caller, input: { startDate, endDate } });
  const days = async (caller: Caller, startDate: string, endDate: string) =>
    (await activity(caller, startDate, endDate)).dailyData.map(({ date, mealsCount, avgFodmapRisk, symptomCount }) => [date, mealsCount, avgFodmapRisk, symptomCount]);

  beforeAll(async () => {
    // A prefix of its own, since the stand-in journal numbers its events from 1; set before insights' modules load.
    process.env.NATS_PREFIX = suitePrefix('insights');
    journal = await startProducer('journal');
    const { AppModule } = await import('./app.module');
    insights = await startService('insights', AppModule);
    services = await ServiceCaller.connect();
    dataSource = insights.get(DataSource);
  });

  afterAll(async () => {
    await services?.close();
    await insights?.close();
    await journal?.stop();
  });

  describe('activity, per day of the caller’s own calendar', () => {
    const newYorker: Caller = { userId: 601, timeZone: 'America/New_York' };
    const sameUserInTokyo: Caller = { userId: 601, timeZone: 'Asia/Tokyo' };
    const neighbour: Caller = { userId: 602, timeZone: 'America/New_York' };

    beforeAll(async () => {
      // New York moved to summer time at 02:00 on 9 March 2025: 23:30 on the 8th is 04:30Z, 23:30 on the 9th is 03:30Z.
      await createMeal(newYorker, '2025-03-08T04:59:00Z', [garlic]); // 23:59 on the 7th: outside the range
      await createMeal(newYorker, '2025-03-08T05:00:00Z', [rice]); // 00:00 on the 8th
      await createMeal(newYorker, '2025-03-09T04:30:00Z', [garlic, rice]); // 23:30 EST on the 8th
      await createMeal(newYorker, '2025-03-10T03:30:00Z', [rice]); // 23:30 EDT on the 9th
      await createMeal(newYorker, '2025-03-10T04:30:00Z', [lentils, mystery]); // 00:30 EDT on the 10th
      await logSymptom(newYorker, '2025-03-09T06:00:00Z'); // 01:00 EST on the 9th
      await logSymptom(newYorker, '2025-03-10T03:59:00Z', { severity: 'moderate' }); // 23:59 EDT on the 9th
      await logSymptom(newYorker, '2025-03-09T20:00:00Z', { severity: 'none' }); // a "no symptoms" report
      // Another person on the same days: never in the New Yorker's answers.
      await createMeal(neighbour, '2025-03-09T15:00:00Z', [garlic, garlic]);
      await logSymptom(neighbour, '2025-03-09T16:00:00Z', { severity: 'severe' });
      await projected();
    });

    it('puts meals and symptoms on the New Yorker’s own days across the change to summer time, newest first', async () => {
      const answer = await activity(newYorker, '2025-03-08', '2025-03-10');

      expect(answer.dailyData).toEqual([
        { date: '2025-03-10', mealsCount: 1, avgFodmapRisk: 50, symptomCount: 0 },
        { date: '2025-03-09', mealsCount: 1, avgFodmapRisk: 0, symptomCount: 2 },
        { date: '2025-03-08', mealsCount: 2, avgFodmapRisk: 33, symptomCount: 0 },
      ]);
      expect(answer.summary).toEqual({ totalSymptoms: 2, avgFodmapRisk: 28, daysWithSymptoms: 1 });
      expect(answer.meta).toEqual({ serverVersion: '1.0.0', environment: expect.any(String), timestamp: expect.any(String) });
    });

    it('regroups the same meals by Tokyo days when the person’s zone is Tokyo', async () => {
      expect(await days(sameUserInTokyo, '2025-03-08', '2025-03-10')).toEqual([
        ['2025-03-10', 2, 25, 1],
        ['2025-03-09', 1, 50, 1],
        ['2025-03-08', 2, 50, 0],
      ]);
    });

    it('answers the neighbour with their own day only', async () => {
      expect(await days(neighbour, '2025-03-08', '2025-03-10')).toEqual([
        ['2025-03-10', 0, null, 0],
        ['2025-03-09', 1, 100, 1],
        ['2025-03-08', 0, null, 0],
      ]);
    });

    it('rejects a period the spec does not list, and a start after the end', async () => {
      expect(await services.failure(Rpc.insights.activity, { caller: newYorker, input: { period: 8 } })).toEqual({ status: 400, message: InsightsMessages.periodInvalid });
      expect(await services.failure(Rpc.insights.activity, { caller: newYorker, input: { startDate: '2025-03-10', endDate: '2025-03-01' } })).toEqual({
        status: 400,
        message: InsightsMessages.startAfterEnd,
      });
      expect(await services.failure(Rpc.insights.correlation, { caller: newYorker, input: { period: 180 } })).toEqual({
        status: 400,
        message: InsightsMessages.correlationPeriodInvalid,
      });
    });
  });

  describe('changes to the journal', () => {
    const parisian: Caller = { userId: 603, timeZone: 'Europe/Paris' };

    it('takes a removed food out of the day’s risk', async () => {
      const { mealId, entries } = await createMeal(parisian, '2025-04-01T10:00:00Z', [garlic, rice]);
      await projected();
      expect(await days(parisian, '2025-04-01', '2025-04-01')).toEqual([['2025-04-01', 1, 50, 0]]);

      await removeFood(parisian, mealId, entries[0]);
      await projected();

      expect(await days(parisian, '2025-04-01', '2025-04-01')).toEqual([['2025-04-01', 1, 0, 0]]);
    });

    it('takes a deleted meal and a deleted symptom off their day; the meal’s symptom stays, unlinked', async () => {
      const { mealId } = await createMeal(parisian, '2025-04-02T10:00:00Z', [lentils]);
      const linked = await logSymptom(parisian, '2025-04-02T12:00:00Z', { mealId });
      const other = await logSymptom(parisian, '2025-04-02T18:00:00Z');
      await projected();
      expect(await days(parisian, '2025-04-02', '2025-04-02')).toEqual([['2025-04-02', 1, 50, 2]]);

      await deleteMeal(parisian, mealId);
      await deleteSymptom(parisian, other);
      await projected();

      expect(await days(parisian, '2025-04-02', '2025-04-02')).toEqual([['2025-04-02', 0, null, 1]]);
      expect(await dataSource.query('SELECT symptom_id::int, meal_id FROM insights.symptoms WHERE user_id = $1 AND symptom_id = $2', [parisian.userId, linked])).toEqual([
        { symptom_id: linked, meal_id: null },
      ]);
      expect(await dataSource.query('SELECT count(*)::int AS foods FROM insights.meal_foods WHERE meal_id = $1', [mealId])).toEqual([{ foods: 0 }]);
    });
  });

  describe('corrections (issue 18)', () => {
    const lyonnais: Caller = { userId: 607, timeZone: 'Europe/Paris' };

    it('moves a corrected meal and symptom to their new day, and rates a food again at its corrected amount', async () => {
      const { mealId, entries } = await createMeal(lyonnais, '2025-04-05T10:00:00Z', [garlic, rice]);
      const symptomId = await logSymptom(lyonnais, '2025-04-05T12:00:00Z', { mealId });
      await projected();
      expect(await days(lyonnais, '2025-04-04', '2025-04-05')).toEqual([
        ['2025-04-05', 1, 50, 1],
        ['2025-04-04', 0, null, 0],
      ]);

      await changeMeal(lyonnais, mealId, '2025-04-04T18:00:00Z');
      // Two servings of a food tested low at one: no longer known to be low, so the day's risk is the garlic's alone.
      await changeFood(lyonnais, mealId, entries[1], rice, 2);
      await changeSymptom(lyonnais, symptomId, { mealId, timestamp: '2025-04-04T20:00:00Z', severity: 'severe' });
      await projected();

      expect(await days(lyonnais, '2025-04-04', '2025-04-05')).toEqual([
        ['2025-04-05', 0, null, 0],
        ['2025-04-04', 1, 100, 1],
      ]);
      expect(await dataSource.query('SELECT quantity::float, grams::float, rating FROM insights.meal_foods WHERE entry_id = $1', [entries[1]])).toEqual([
        { quantity: 2, grams: 300, rating: 'unknown' },
      ]);
      // The person's version moved with the last correction, so no analysis kept from before it is answered again.
      expect(await dataSource.query('SELECT position::int FROM insights.user_versions WHERE user_id = $1', [lyonnais.userId])).toEqual([{ position: lastPosition }]);
    });
  });

  describe('correlation', () => {
    const planted: Caller = { userId: 604, timeZone: 'Europe/London' };
    const other: Caller = { userId: 605, timeZone: 'Europe/London' };

    beforeAll(async () => {
      // Twelve dinners over the last twelve days: six with onion, each followed two hours later by linked bloating; six without.
      const now = Date.now();
      for (let day = 1; day <= 12; day += 1) {
        const eatenAt = new Date(now - day * DAY_MS);
        const { mealId } = await createMeal(planted, eatenAt.toISOString(), day % 2 === 0 ? [onion, rice] : [rice]);
        if (day % 2 === 0) await logSymptom(planted, new Date(eatenAt.getTime() + 2 * HOUR_MS).toISOString(), { mealId, severity: 'moderate' });
        // Someone else eats onion without symptoms on the same days: their meals never enter the planted person's analysis.
        await createMeal(other, eatenAt.toISOString(), [onion]);
      }
      await projected();
    });

    it('ranks the planted food first with its meals, rate against the other meals, and evidence', async () => {
      const entries = await services.call(Rpc.insights.correlation, { caller: planted, input: { period: 30 } });

      expect(entries[0]).toMatchObject({
        foodName: 'Onion',
        fodmapRating: 'high',
        totalMeals: 6,
        symptomsAfter: 6,
        correlationRate: 1,
        avgSymptomSeverity: 2,
        commonSymptoms: ['Bloating'],
        baselineRate: 0,
        exposures: { with: { meals: 6, symptomatic: 6 }, without: { meals: 6, symptomatic: 0 } },
        evidence: 'strong',
        riskLabel: 'High Risk',
      });
      expect(entries.map((entry) => entry.foodName).sort()).toEqual(['Onion', 'White rice']);
    });

    it('counts only the period asked for', async () => {
      const week = await services.call(Rpc.insights.correlation, { caller: planted, input: { period: 7 } });

      // The local days from six days ago to today: the dinners of one to six days ago (onion on days 2, 4 and 6).
      expect(week.find((entry) => entry.foodName === 'Onion')).toMatchObject({ totalMeals: 3, symptomsAfter: 3 });
    });

    it('names fructans on the FODMAP-group card, inferred from the onion’s trigger type', async () => {
      const card = await services.call(Rpc.insights.fodmapGroups, { caller: planted, input: { period: 30 } });

      expect(card).toMatchObject({ period: 30, window: { fromHours: 1, toHours: 8 }, mealsAnalysed: 12, symptomaticMeals: 6 });
      expect(card.groups.find((group) => group.group === 'fructans')).toMatchObject({
        kind: 'fodmap',
        inferredMeals: 6,
        exposures: { with: { meals: 6, symptomatic: 6 }, without: { meals: 6, symptomatic: 0 } },
        evidence: 'strong',
      });
    });

    it('answers a change at once although the same question was answered before (the kept analysis is the old version’s)', async () => {
      const before = await services.call(Rpc.insights.correlation, { caller: other, input: { period: 30 } });
      const { mealId } = await createMeal(other, new Date(Date.now() - 3 * HOUR_MS).toISOString(), [rice]);
      await logSymptom(other, new Date(Date.now() - HOUR_MS).toISOString(), { mealId });
      await projected();

      const after = await services.call(Rpc.insights.correlation, { caller: other, input: { period: 30 } });
      expect(before.map((entry) => entry.foodName)).toEqual(['Onion']);
      expect(after.find((entry) => entry.foodName === 'White rice')).toMatchObject({ totalMeals: 1, symptomsAfter: 1 });
      await deleteMeal(other, mealId);
      await projected();
      expect(await services.call(Rpc.insights.correlation, { caller: other, input: { period: 30 } })).toEqual(before);
    });

    it('gives the other person onion without a symptom', async () => {
      const entries = await services.call(Rpc.insights.correlation, { caller: other, input: { period: 30 } });

      expect(entries).toEqual([expect.objectContaining({ foodName: 'Onion', totalMeals: 12, symptomsAfter: 0, correlationRate: 0 })]);
    });
  });

  describe('the history an analysis reads', () => {
    const reader: Caller = { userId: 606, timeZone: 'Europe/Paris' };
    const neighbour: Caller = { userId: 607, timeZone: 'Europe/Paris' };
    const window = { fromHours: 1, toHours: 8 };
    const start = new Date(Date.now() - 10 * DAY_MS);
    const at = (offsetMs: number) => new Date(start.getTime() + offsetMs).toISOString();
    /** The entry as a meal of the journal rates it: the food at the amount eaten. */
    const entry = (id: number, food: FoodSnapshot, quantity = 1) => mealFoodEntry({ id, quantity, servingUnit: 'serving', grams: 150 * quantity, food });
    let expected: History;

    beforeAll(async () => {
      const before = await createMeal(reader, at(-DAY_MS), [garlic]); // eaten before the period: not read
      await logSymptom(reader, at(-DAY_MS + 2 * HOUR_MS), { mealId: before.mealId });
      const lunch = await createMeal(reader, at(2 * DAY_MS), [garlic, rice]);
      const sameTime = await createMeal(reader, at(2 * DAY_MS), [lentils, lentils]); // the same food twice at one amount
      const late = await createMeal(reader, at(DAY_MS), [mystery]); // logged after, eaten before: read first
      const empty = await createMeal(reader, at(3 * DAY_MS)); // no food: read, with none
      const added = await addFood(reader, lunch.mealId, onion); // added to the lunch after the other meals' foods
      await changeFood(reader, sameTime.mealId, sameTime.entries[1], lentils, 2); // the second lentils at another amount
      const changedFood = await createMeal(reader, at(4 * DAY_MS), [garlic]);
      await changeFood(reader, changedFood.mealId, changedFood.entries[0], { ...garlic, name: 'Garlic, raw', fodmapRating: 'medium' }, 1);
      const linkedEarly = await logSymptom(reader, at(-2 * HOUR_MS), { mealId: lunch.mealId, severity: 'severe' }); // felt before the period, linked to one of its meals
      await logSymptom(reader, at(30 * 60_000)); // unlinked, before the period's first meal can be followed: not read
      const unlinked = await logSymptom(reader, at(2 * DAY_MS + 3 * HOUR_MS), { symptomType: 'gas' });
      const sameInstant = await logSymptom(reader, at(2 * DAY_MS + 3 * HOUR_MS), { severity: 'moderate' });
      await logSymptom(reader, at(2 * DAY_MS + 4 * HOUR_MS), { severity: 'none' }); // a "no symptoms" report: not a symptom
      const deleted = await logSymptom(reader, at(2 * DAY_MS + 5 * HOUR_MS));
      await deleteSymptom(reader, deleted);
      await createMeal(neighbour, at(2 * DAY_MS), [onion]);
      await logSymptom(neighbour, at(2 * DAY_MS + 3 * HOUR_MS));
      await projected();
      const eaten = (offsetMs: number) => start.getTime() + offsetMs;
      expected = {
        meals: [
          { mealId: late.mealId, eatenAt: eaten(DAY_MS), foods: [entry(late.entries[0], mystery)] },
          { mealId: lunch.mealId, eatenAt: eaten(2 * DAY_MS), foods: [entry(lunch.entries[0], garlic), entry(lunch.entries[1], rice), entry(added, onion)] },
          { mealId: sameTime.mealId, eatenAt: eaten(2 * DAY_MS), foods: [entry(sameTime.entries[0], lentils), entry(sameTime.entries[1], lentils, 2)] },
          { mealId: empty.mealId, eatenAt: eaten(3 * DAY_MS), foods: [] },
          { mealId: changedFood.mealId, eatenAt: eaten(4 * DAY_MS), foods: [entry(changedFood.entries[0], { ...garlic, name: 'Garlic, raw', fodmapRating: 'medium' })] },
        ],
        symptoms: [
          { symptomId: linkedEarly, mealId: lunch.mealId, symptomType: 'bloating', severity: 'severe', feltAt: eaten(-2 * HOUR_MS) },
          { symptomId: unlinked, mealId: null, symptomType: 'gas', severity: 'mild', feltAt: eaten(2 * DAY_MS + 3 * HOUR_MS) },
          { symptomId: sameInstant, mealId: null, symptomType: 'bloating', severity: 'moderate', feltAt: eaten(2 * DAY_MS + 3 * HOUR_MS) },
        ],
      };
    });

    it('reads the period’s meals in the order eaten with their foods as added, each rated at its amount, and the symptoms that can follow them', async () => {
      expect(await insights.get(HistoryReader).load(reader.userId, start, window)).toEqual(expected);
    });

    it('reads an empty history for a period with nothing logged', async () => {
      expect(await insights.get(HistoryReader).load(reader.userId, new Date(Date.now() + DAY_MS), window)).toEqual({ meals: [], symptoms: [] });
    });

    it('reads the same history from the tables a rebuild swapped in', async () => {
      await rebuild();

      expect(await insights.get(HistoryReader).load(reader.userId, start, window)).toEqual(expected);
    });
  });

  const readTables = async () => ({
      meals: await dataSource.query('SELECT * FROM insights.meals ORDER BY meal_id'),
      foods: await dataSource.query('SELECT * FROM insights.meal_foods ORDER BY entry_id'),
      symptoms: await dataSource.query('SELECT * FROM insights.symptoms ORDER BY symptom_id'),
      versions: await dataSource.query('SELECT * FROM insights.user_versions ORDER BY user_id'),
      indexes: await dataSource.query(`SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'insights' AND tablename IN ('meals', 'meal_foods', 'symptoms') ORDER BY 1, 2`),
  });
  /** Replays the stream in batches of five events, so that writes of one batch meet rows of the batches before. */
  const rebuild = async () => {
    const nats = await connect({ servers: testConfig().natsUrl });
    try {
      return await rebuildConsumerProjection({ dataSource, nats, natsPrefix: testConfig().natsPrefix, projection: journalHistoryProjection, batchSize: 5 });
    } finally {
      await nats.drain();
    }
  };

  it('rebuilds journal_history from the stream to the same rows, with the index names the migration gave them', async () => {
    await projected();
    const live = await readTables();

    const result = await rebuild();

    expect(result.positions.journal).toBe(lastPosition);
    expect(await readTables()).toEqual(live);
    expect(live.meals.length).toBeGreaterThan(30);
    expect(live.indexes).toEqual([
      { tablename: 'meal_foods', indexname: 'meal_foods_meal' },
      { tablename: 'meal_foods', indexname: 'meal_foods_pkey' },
      { tablename: 'meal_foods', indexname: 'meal_foods_user_meal' },
      { tablename: 'meals', indexname: 'meals_pkey' },
      { tablename: 'meals', indexname: 'meals_user_eaten_at' },
      { tablename: 'symptoms', indexname: 'symptoms_meal' },
      { tablename: 'symptoms', indexname: 'symptoms_pkey' },
      { tablename: 'symptoms', indexname: 'symptoms_user_felt_at' },
      { tablename: 'symptoms', indexname: 'symptoms_user_meal' },
    ]);
  });

  it('applied every event of the journal without a dead letter', async () => {
    await projected();

    expect(await dataSource.query('SELECT type, error FROM insights.dead_letters')).toEqual([]);
  });

  it('passes over a malformed event with a dead letter, live and in a rebuild, and applies the events around it', async () => {
    const mornings: Caller = { userId: 606, timeZone: 'Europe/Berlin' };
    await createMeal(mornings, '2025-05-01T07:00:00Z', [rice]);
    await append('meal-malformed', mornings.userId, 'MealCreated', { mealId: ++ids, userId: mornings.userId, name: 'Meal', mealType: 'lunch', timestamp: 'noon' });
    await createMeal(mornings, '2025-05-01T17:00:00Z', [garlic]);
    await projected();
    const live = await readTables();

    await rebuild();

    expect(await readTables()).toEqual(live);
    expect(await days(mornings, '2025-05-01', '2025-05-01')).toEqual([['2025-05-01', 2, 50, 0]]);
    expect(await dataSource.query('SELECT type, attempts FROM insights.dead_letters')).toEqual([{ type: 'MealCreated', attempts: 2 }]);
  });
});
