import { Food, httpContract, InsightsMessages, localDay, LogSymptomInput, Meal, Messages, type RouteResponse, SERVER_VERSION, SEVERITY_SCORE, SYMPTOM_LABELS, todayIn } from '@fodmap/contracts';
import { eventually } from '@fodmap/testing';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiSession, catalogueFood, expectOk, okBody, registerUser } from '../support/api';

const NEW_YORK = 'America/New_York';
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The insights are projected from the journal's events: an answer catches up with a write within this. */
const PROJECTED_WITHIN_MS = 30_000;

const hoursAfter = (timestamp: string, hours: number) => new Date(Date.parse(timestamp) + hours * HOUR_MS).toISOString();

/** Catalogue foods whose rating stands at one serving (quantity 1). */
let foods: { egg: Food; garlic: Food; chicken: Food; carrot: Food };

beforeAll(async () => {
  const { api } = await registerUser('insights-foods');
  const [egg, garlic, chicken, carrot] = await Promise.all(['Egg, hard-boiled', 'Garlic, raw', 'Chicken breast, skinless, roasted', 'Carrot, raw'].map((name) => catalogueFood(api, name)));
  foods = { egg, garlic, chicken, carrot };
  expect([egg, garlic, chicken, carrot].map((food) => food.fodmapRating)).toEqual(['low', 'high', 'low', 'low']);
});

/** A completed meal of one serving of each food, as the meal builder saves it. */
async function eat(api: ApiSession, name: string, timestamp: string, eaten: Food[]): Promise<Meal> {
  const created = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name, timestamp } });
  expectOk(created);
  for (const food of eaten) expect((await api.call(httpContract.meals.addFood, { params: { id: created.body.id }, body: { foodId: food.id, quantity: 1, servingUnit: 'serving' } })).status).toBe(201);
  const completed = await api.call(httpContract.meals.complete, { params: { id: created.body.id } });
  expect(completed.status).toBe(200);
  return okBody(completed);
}

async function feel(api: ApiSession, symptomType: string, severity: LogSymptomInput['severity'], timestamp: string, mealId?: number): Promise<void> {
  expect((await api.call(httpContract.symptoms.log, { body: { symptomType, severity, timestamp, ...(mealId === undefined ? {} : { mealId }) } })).status).toBe(201);
}

type InsightsRoute = (typeof httpContract.insights)[keyof typeof httpContract.insights];

/** One insights read that must succeed; the query as the web sends it (strings, `_t` included). */
async function read<R extends InsightsRoute>(api: ApiSession, route: R, query: Record<string, string>): Promise<RouteResponse<R>> {
  const res = await api.send(route, { query });
  expect({ path: route.path, query, status: res.status }).toEqual({ path: route.path, query, status: 200 });
  return okBody(res);
}

/** Polls the read until `check` passes on its answer (the projection has caught up), and returns that answer. */
function projected<R extends InsightsRoute>(api: ApiSession, route: R, query: Record<string, string>, check: (answer: RouteResponse<R>) => void): Promise<RouteResponse<R>> {
  return eventually(async () => {
    const answer = await read(api, route, query);
    check(answer);
    return answer;
  }, PROJECTED_WITHIN_MS);
}

describe('GET /api/insights/activity', () => {
  let ann: ApiSession;
  const days = { startDate: '2025-03-13', endDate: '2025-03-15' };

  beforeAll(async () => {
    ann = (await registerUser('insights-ann', 'Ann', NEW_YORK)).api;
    // 23:30 on 14 March in New York (EDT, UTC−4) is 03:30 on the 15th in UTC: the person's 14th.
    const late = await eat(ann, 'Late garlic bread', '2025-03-15T03:30:00.000Z', [foods.garlic, foods.egg]);
    await feel(ann, 'bloating', 'moderate', '2025-03-15T03:50:00.000Z', late.id);
    await eat(ann, 'Chicken and egg', '2025-03-15T12:00:00.000Z', [foods.chicken, foods.egg]);
    await feel(ann, 'gas', 'mild', '2025-03-15T14:00:00.000Z');
    await feel(ann, 'pain', 'severe', '2025-03-15T15:00:00.000Z');
  });

  it('puts each meal and symptom on the person’s own day, newest first, with its FODMAP risk and a summary', async () => {
    const activity = await projected(ann, httpContract.insights.activity, days, ({ summary }) => expect(summary.totalSymptoms).toBe(3));
    expect(activity.dailyData).toEqual([
      // chicken and egg, both low: a risk of 0, which is not "no rated food" (null)
      { date: '2025-03-15', mealsCount: 1, avgFodmapRisk: 0, symptomCount: 2 },
      // garlic (high, 100) and egg (low, 0)
      { date: '2025-03-14', mealsCount: 1, avgFodmapRisk: 50, symptomCount: 1 },
      { date: '2025-03-13', mealsCount: 0, avgFodmapRisk: null, symptomCount: 0 },
    ]);
    // The mean risk is over the days with a rated food: (0 + 50) / 2, the 13th left out.
    expect(activity.summary).toEqual({ totalSymptoms: 3, avgFodmapRisk: 25, daysWithSymptoms: 2 });
    expect(activity.meta).toEqual({ serverVersion: SERVER_VERSION, environment: expect.any(String), timestamp: expect.any(String) });
    expect(Math.abs(Date.parse(activity.meta.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('answers `period` days ending on endDate, and by default the 7 days ending on the person’s today, never stored', async () => {
    const fortnight = await projected(ann, httpContract.insights.activity, { endDate: '2025-03-15', period: '14', _t: '1' }, ({ summary }) => expect(summary.totalSymptoms).toBe(3));
    expect(fortnight.dailyData.map(({ date }) => date)).toEqual(Array.from({ length: 14 }, (_, i) => `2025-03-${String(15 - i).padStart(2, '0')}`));

    const todayBefore = todayIn(NEW_YORK);
    const res = await ann.call(httpContract.insights.activity);
    const todayAfter = todayIn(NEW_YORK);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const dates = okBody(res).dailyData.map(({ date }) => date);
    expect(dates).toHaveLength(7);
    expect([todayBefore, todayAfter]).toContain(dates[0]);
    expect(Date.parse(dates[0]) - Date.parse(dates[6])).toBe(6 * DAY_MS);
  });

  it('answers 400 with the rule broken: a period not offered, a range backwards or longer than a year', async () => {
    const cases: [string, string][] = [
      ['period=8', InsightsMessages.periodInvalid],
      ['period=abc', InsightsMessages.periodInvalid],
      ['period=7&period=14', InsightsMessages.periodInvalid],
      ['startDate=2025-03-15&endDate=2025-03-14', InsightsMessages.startAfterEnd],
      ['startDate=2024-01-01&endDate=2025-01-02', InsightsMessages.rangeTooLong],
      ['startDate=2025-03-01', InsightsMessages.startDateNeedsEndDate],
      ['endDate=15/03/2025', 'endDate must be a date (YYYY-MM-DD)'],
    ];
    for (const [query, message] of cases) {
      const res = await ann.send(httpContract.insights.activity, { query: new URLSearchParams(query) });
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body: { message } });
    }
    // A whole leap year, 366 days, is the longest range there is.
    expect((await ann.call(httpContract.insights.activity, { query: { startDate: '2024-01-01', endDate: '2024-12-31' } })).status).toBe(200);
  });
});

describe('GET /api/insights/correlation and /api/insights/fodmap-groups', () => {
  let cam: ApiSession;

  /** Noon UTC `daysAgo` days ago: inside the 30-day period, and a whole day past, so a symptom hours later is past too. */
  const noon = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - daysAgo * DAY_MS + 12 * HOUR_MS).toISOString();

  beforeAll(async () => {
    cam = (await registerUser('insights-cam', 'Cam', NEW_YORK)).api;
    // Two weeks and more of alternate days: garlic, then chicken with carrot. Symptoms follow every garlic meal (six
    // linked to it, two logged unlinked 3 h after it), never the others; one more comes 12 h after a chicken meal,
    // outside the 1-8 h window of every meal.
    for (let i = 0; i < 8; i++) {
      const garlicAt = noon(2 + 2 * i);
      const garlic = await eat(cam, 'Garlic soup', garlicAt, [foods.garlic]);
      const severity = i % 2 === 0 ? 'moderate' : 'severe';
      if (i < 6) await feel(cam, i < 5 ? 'bloating' : 'pain', severity, hoursAfter(garlicAt, 2), garlic.id);
      else await feel(cam, 'bloating', severity, hoursAfter(garlicAt, 3));
      await eat(cam, 'Chicken and carrot', noon(3 + 2 * i), [foods.chicken, foods.carrot]);
    }
    await feel(cam, 'gas', 'mild', hoursAfter(noon(3), 12));
  });

  it('ranks the food symptoms follow first, against the person’s other meals, with a label the evidence supports', async () => {
    const ranked = await projected(cam, httpContract.insights.correlation, { period: '30' }, (entries) =>
      expect(entries[0]).toMatchObject({ foodName: 'Garlic, raw', totalMeals: 8, symptomsAfter: 8, exposures: { without: { meals: 8 } } }),
    );
    const meanSeverity = (4 * SEVERITY_SCORE.moderate + 4 * SEVERITY_SCORE.severe) / 8;
    expect(ranked[0]).toEqual({
      foodId: foods.garlic.id,
      foodName: 'Garlic, raw',
      fodmapRating: 'high',
      totalMeals: 8,
      symptomsAfter: 8,
      correlationRate: 1,
      avgSymptomSeverity: expect.closeTo(meanSeverity, 5),
      commonSymptoms: [SYMPTOM_LABELS.bloating, SYMPTOM_LABELS.pain],
      riskLabel: 'High Risk',
      eatenWith: [],
      evidence: expect.stringMatching(/^(strong|moderate)$/),
      pValue: expect.any(Number),
      qValue: expect.any(Number),
      baselineRate: 0,
      exposures: { with: { meals: 8, symptomatic: 8 }, without: { meals: 8, symptomatic: 0 } },
    });
    expect(ranked[0].qValue).toBeLessThan(0.05);
    // Foods symptoms never followed are not above the baseline: never labelled a risk.
    for (const entry of ranked.slice(1)) {
      expect({ food: entry.foodName, label: entry.riskLabel }).toEqual({ food: entry.foodName, label: expect.not.stringMatching(/Risk/) });
      expect(entry.symptomsAfter).toBe(0);
    }
  });

  it('answers each FODMAP group with its evidence; garlic’s fructans are counted from its measured grams, none inferred', async () => {
    const groups = await projected(cam, httpContract.insights.fodmapGroups, { period: '30' }, ({ mealsAnalysed }) => expect(mealsAnalysed).toBe(16));
    expect(groups).toMatchObject({ period: 30, window: { fromHours: 1, toHours: 8 }, mealsAnalysed: 16, symptomaticMeals: 8 });
    const fructans = groups.groups.find((group) => group.group === 'fructans');
    expect(fructans).toMatchObject({ kind: 'fodmap', inferredMeals: 0, correlationRate: 1, exposures: { with: { meals: 8, symptomatic: 8 }, without: { meals: 8, symptomatic: 0 } } });
    expect(groups.groups[0].group).toBe('fructans');
    const kinds = groups.groups.map((group) => group.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === 'fodmap' ? -1 : 1)));
  });

  it('counts an unlinked symptom for meals of the window asked for, and refuses a period or window not offered', async () => {
    // With a window of 4-8 h, the two symptoms 3 h after garlic count for no meal: 6 of the 8 garlic meals remain.
    const narrow = await read(cam, httpContract.insights.correlation, { period: '30', afterFrom: '4', afterTo: '8' });
    expect(narrow.find((entry) => entry.foodName === 'Garlic, raw')).toMatchObject({ totalMeals: 8, symptomsAfter: 6 });

    const { correlation, fodmapGroups } = httpContract.insights;
    const cases: [InsightsRoute, Record<string, string>, string][] = [
      [correlation, { period: '60' }, InsightsMessages.correlationPeriodInvalid],
      [correlation, { period: '365' }, InsightsMessages.correlationPeriodInvalid],
      [correlation, { period: 'thirty' }, InsightsMessages.correlationPeriodInvalid],
      [fodmapGroups, { period: '1' }, InsightsMessages.correlationPeriodInvalid],
      [correlation, { afterFrom: '8', afterTo: '2' }, InsightsMessages.windowInvalid],
      [fodmapGroups, { afterTo: '49' }, InsightsMessages.windowInvalid],
      [correlation, { afterFrom: '1.5' }, InsightsMessages.windowInvalid],
      // Issue 20: only the preset windows, each an analysis of its own; the message names them.
      [correlation, { afterFrom: '2', afterTo: '6' }, 'afterFrom and afterTo must be one of these windows (hours): 1-8, 0-8, 4-8, 1-12'],
      [fodmapGroups, { afterFrom: '0', afterTo: '48' }, InsightsMessages.windowInvalid],
    ];
    for (const [route, query, message] of cases) {
      const res = await cam.send(route, { query });
      expect({ path: route.path, query, status: res.status, body: res.body }).toEqual({ path: route.path, query, status: 400, body: { message } });
    }
    const res = await cam.call(httpContract.insights.correlation);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await cam.call(httpContract.insights.fodmapGroups)).body).toMatchObject({ period: 30 });
  });
});

describe("another person's insights", () => {
  it('never show: not their days, meals, symptoms or foods', async () => {
    const dee = (await registerUser('insights-dee', 'Dee', NEW_YORK)).api;
    const eli = (await registerUser('insights-eli', 'Eli', NEW_YORK)).api;
    const secret = await dee.call(httpContract.foods.quickAdd, { body: { name: 'Dee secret chutney', fodmapRating: 'high' } });
    expect(secret.status).toBe(201);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString();
    const meal = await eat(dee, 'Chutney sandwich', yesterday, [okBody(secret), foods.garlic]);
    await feel(dee, 'nausea', 'severe', yesterday, meal.id);
    const deeDay = localDay(yesterday, NEW_YORK);
    const range = { startDate: deeDay, endDate: deeDay };
    await projected(dee, httpContract.insights.activity, range, ({ dailyData }) => expect(dailyData).toEqual([{ date: deeDay, mealsCount: 1, avgFodmapRisk: 100, symptomCount: 1 }]));

    expect((await read(eli, httpContract.insights.activity, range)).dailyData).toEqual([{ date: deeDay, mealsCount: 0, avgFodmapRisk: null, symptomCount: 0 }]);
    expect(await read(eli, httpContract.insights.correlation, { period: '7' })).toEqual([]);
    const groups = await read(eli, httpContract.insights.fodmapGroups, { period: '7' });
    expect(groups).toMatchObject({ mealsAnalysed: 0, symptomaticMeals: 0 });
    expect(JSON.stringify(groups)).not.toContain('chutney');
  });
});

describe('signed out', () => {
  it('keeps a visitor out of every insights route with a 401', async () => {
    const visitor = new ApiSession();
    for (const route of Object.values(httpContract.insights)) {
      expect({ path: route.path, ...(await visitor.send(route, { query: { period: '30' } })) }).toMatchObject({ path: route.path, status: 401, body: { message: Messages.unauthorized } });
    }
  });
});
