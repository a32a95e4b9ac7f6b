import {
  Caller,
  CORRELATION_PERIODS,
  httpContract,
  instantTooEarly,
  InsightsMessages,
  JOURNAL_WRITES_PER_MINUTE,
  JournalMessages,
  Meal,
  MEAL_FOODS_MAX,
  PAGE_MAX_LIMIT,
  pageCursorInvalid,
  PRIVATE_FOODS_MAX,
  privateFoodsFull,
  Rpc,
  RpcRequest,
  RpcSubject,
  Symptom,
  SYMPTOM_WINDOWS,
  wholeDayIsNotPaged,
} from '@fodmap/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiSession, catalogueFood, expectOk, okBody, registerUser } from '../support/api';
import { ServiceRpc } from '../support/service-rpc';

/**
 * Issue 20 §3: every request does bounded work. Histories come a page at a time, meals, private foods and journal
 * writes are capped, and Insights answers only the windows it offers, a few fresh analyses a minute per person.
 */

let services: ServiceRpc;

const rpc = <Subject extends RpcSubject>(subject: Subject, request: RpcRequest<Subject>) => services.send(subject, request);

/** `work` over `items`, `width` at a time. */
async function inParallel<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) results.push(...(await Promise.all(items.slice(start, start + width).map(work))));
  return results;
}

/** The URL of a `Link: <URL>; rel="next"` header, or null when there is none. */
function nextLink(headers: Headers): string | null {
  const link = headers.get('link');
  if (link === null) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  if (match === null) throw new Error(`Not a next link: ${link}`);
  return match[1];
}

/** Every page of a list, following its next links from the first page's answer. */
async function walk<T>(api: ApiSession, first: { status: number; body: unknown; headers: Headers }): Promise<{ pages: T[][]; links: string[] }> {
  const pages: T[][] = [];
  const links: string[] = [];
  let answer = first;
  for (;;) {
    expect(answer.status).toBe(200);
    pages.push(answer.body as T[]);
    const next = nextLink(answer.headers);
    if (next === null) return { pages, links };
    links.push(next);
    answer = await api.raw('GET', next);
  }
}

beforeAll(async () => {
  services = await ServiceRpc.connect();
});

afterAll(async () => {
  await services?.close();
});

describe('GET /api/meals and /api/symptoms a page at a time', () => {
  let ann: ApiSession;
  let annCaller: Caller;
  /** Ann's 250 meals, newest first as the list must give them: five of each instant, so equal times need the id to order. */
  let annMeals: Meal[];

  beforeAll(async () => {
    const registered = await registerUser('paging-ann', 'Ann');
    ann = registered.api;
    annCaller = { userId: registered.user.id, timeZone: registered.user.timeZone };
    const instants = Array.from({ length: 250 }, (_, index) => new Date(Date.UTC(2025, 0, 1) + Math.floor(index / 5) * 3_600_000).toISOString());
    const created = await inParallel(instants, 25, (timestamp) => rpc(Rpc.journal.createMeal, { caller: annCaller, input: { mealType: 'lunch', name: `Meal at ${timestamp}`, timestamp } }));
    annMeals = [...created].sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id);
  }, 120_000);

  it('answers 100 meals, then the next ones by the Link header: every meal once, newest first', async () => {
    const { pages, links } = await walk<Meal>(ann, await ann.call(httpContract.meals.list));

    expect(pages.map((page) => page.length)).toEqual([100, 100, 50]);
    expect(pages.flat().map((meal) => meal.id)).toEqual(annMeals.map((meal) => meal.id));
    expect(links.every((link) => link.startsWith(`${httpContract.meals.list.path}?cursor=`))).toBe(true);
  });

  it('takes a limit of up to 200 and keeps it in the next link', async () => {
    const { pages, links } = await walk<Meal>(ann, await ann.call(httpContract.meals.list, { query: { limit: PAGE_MAX_LIMIT } }));

    expect(pages.map((page) => page.length)).toEqual([200, 50]);
    expect(new Set(pages.flat().map((meal) => meal.id)).size).toBe(250);
    expect(links[0]).toMatch(new RegExp(`^${httpContract.meals.list.path}\\?limit=200&cursor=`));
    // A page that ends the list exactly has no next link.
    const whole = await ann.call(httpContract.meals.list, { query: { limit: 50, cursor: new URL(links[0], 'http://x').searchParams.get('cursor') ?? '' } });
    expect({ status: whole.status, count: okBody(whole).length, link: whole.headers.get('link') }).toEqual({ status: 200, count: 50, link: null });
  });

  it('refuses a limit over 200, a tampered cursor and a page of a day, with a 400 that says why', async () => {
    const tampered = Buffer.from('2025-01-01T00:00:00.000Z|12 OR 1=1').toString('base64url');
    const cases: [Record<string, string>, string][] = [
      [{ limit: '201' }, `limit must be a whole number from 1 to ${PAGE_MAX_LIMIT}`],
      [{ limit: '0' }, `limit must be a whole number from 1 to ${PAGE_MAX_LIMIT}`],
      [{ cursor: 'garbage' }, pageCursorInvalid],
      [{ cursor: tampered }, pageCursorInvalid],
      [{ cursor: 'x'.repeat(500) }, pageCursorInvalid],
      [{ date: '2025-01-01', limit: '10' }, wholeDayIsNotPaged],
    ];
    for (const [query, message] of cases) {
      const res = await ann.send(httpContract.meals.list, { query });
      expect({ query, status: res.status, body: res.body }).toEqual({ query, status: 400, body: { message } });
    }
    const symptoms = await ann.send(httpContract.symptoms.list, { query: { cursor: 'garbage' } });
    expect({ status: symptoms.status, body: symptoms.body }).toEqual({ status: 400, body: { message: pageCursorInvalid } });
  });

  it("reveals nothing of another person's meals through their cursor: it is a position in one's own list", async () => {
    const { api: ben, user } = await registerUser('paging-ben', 'Ben');
    const benCaller = { userId: user.id, timeZone: user.timeZone };
    const benMeals = await inParallel(['2024-06-01T12:00:00.000Z', '2026-06-01T12:00:00.000Z'], 2, (timestamp) =>
      rpc(Rpc.journal.createMeal, { caller: benCaller, input: { mealType: 'dinner', name: 'Ben secret', timestamp } }),
    );
    const annFirst = await ann.call(httpContract.meals.list, { query: { limit: 10 } });
    const annCursor = new URL(nextLink(annFirst.headers) ?? '', 'http://x').searchParams.get('cursor') ?? '';

    // Ann's cursor in Ben's list: Ben's meals before that position (the 2024 one), none of Ann's.
    const benPage = await ben.call(httpContract.meals.list, { query: { cursor: annCursor } });
    expect(okBody(benPage).map((meal) => meal.id)).toEqual([benMeals[0].id]);
    const benCursor = Buffer.from(`${benMeals[1].timestamp}|${benMeals[1].id}`).toString('base64url');
    // Ben's position in Ann's list: Ann's meals only, newest first.
    const annPage = await ann.call(httpContract.meals.list, { query: { cursor: benCursor, limit: 200 } });
    expect(okBody(annPage).map((meal) => meal.id)).toEqual(annMeals.slice(0, 200).map((meal) => meal.id));
  });

  it('pages symptoms the same way', async () => {
    const instants = ['2025-02-01T08:00:00.000Z', '2025-02-01T08:00:00.000Z', '2025-02-01T09:00:00.000Z', '2025-02-02T08:00:00.000Z', '2025-02-03T08:00:00.000Z'];
    const logged: Symptom[] = await inParallel(instants, 5, (timestamp) => rpc(Rpc.journal.logSymptom, { caller: annCaller, input: { symptomType: 'bloating', severity: 'mild', timestamp } }));
    const expected = [...logged].sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id);

    const { pages } = await walk<Symptom>(ann, await ann.call(httpContract.symptoms.list, { query: { limit: 2 } }));

    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((symptom) => symptom.id)).toEqual(expected.map((symptom) => symptom.id));
  });
});

describe('caps on what one person keeps', () => {
  it(`refuses a food added to a meal that has ${MEAL_FOODS_MAX} already`, async () => {
    const { api } = await registerUser('cap-meal', 'Cy');
    const egg = await catalogueFood(api, 'Egg, whole, raw');
    const foods = Array.from({ length: MEAL_FOODS_MAX }, () => ({ foodId: egg.id, quantity: 1, servingUnit: 'serving' }));
    const meal = okBody(await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Buffet', timestamp: new Date().toISOString(), foods } }));
    expect(meal.foods).toHaveLength(MEAL_FOODS_MAX);

    const res = await api.call(httpContract.meals.addFood, { params: { id: meal.id }, body: { foodId: egg.id, quantity: 1, servingUnit: 'serving' } });

    expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { message: JournalMessages.mealFoodsFull } });
    expect(okBody(await api.call(httpContract.meals.get, { params: { id: meal.id } })).foods).toHaveLength(MEAL_FOODS_MAX);
  });

  it(`keeps at most ${PRIVATE_FOODS_MAX} private foods per person, also when the last ones are added at once`, async () => {
    const { api, user } = await registerUser('cap-foods', 'Di');
    const caller = { userId: user.id, timeZone: user.timeZone };
    const names = Array.from({ length: PRIVATE_FOODS_MAX - 2 }, (_, index) => `Di food ${index}`);
    await inParallel(names, 25, (name) => rpc(Rpc.foods.quickAdd, { caller, input: { name, fodmapRating: 'low' } }));

    const last = await Promise.all(['one', 'two', 'three', 'four'].map((name) => api.call(httpContract.foods.quickAdd, { body: { name: `Di last ${name}`, fodmapRating: 'low' } })));

    expect(last.map((res) => res.status).sort()).toEqual([201, 201, 409, 409]);
    expect(last.find((res) => res.status === 409)?.body).toEqual({ message: privateFoodsFull });
  }, 120_000);

  it('refuses a meal or symptom time before 1900, on create and on correction', async () => {
    const { api } = await registerUser('cap-time', 'Ed');
    const early = '1899-12-31T23:59:59.000Z';
    const created = await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Old', timestamp: early } });
    expect({ status: created.status, body: created.body }).toEqual({ status: 400, body: { message: instantTooEarly } });
    const meal = okBody(await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'New', timestamp: '1900-01-01T00:00:00.000Z' } }));
    const moved = await api.call(httpContract.meals.update, { params: { id: meal.id }, body: { timestamp: early } });
    expect({ status: moved.status, body: moved.body }).toEqual({ status: 400, body: { message: instantTooEarly } });
    const symptom = await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild', timestamp: early } });
    expect({ status: symptom.status, body: symptom.body }).toEqual({ status: 400, body: { message: instantTooEarly } });
  });
});

describe('journal writes per person', () => {
  it(`lets ${JOURNAL_WRITES_PER_MINUTE} writes a minute through, also at once, then 429 with Retry-After`, async () => {
    const { api } = await registerUser('write-rate', 'Flo');
    const { api: other } = await registerUser('write-rate-other', 'Gus');
    // Every write request counts, also one refused: deletes of a symptom that is not there fill most of the minute quickly.
    const last = 20;
    const fillers = await inParallel(Array.from({ length: JOURNAL_WRITES_PER_MINUTE - last / 2 }), 20, () => api.call(httpContract.symptoms.remove, { params: { id: 999_999_999 } }));
    expect(fillers.every((res) => res.status === 404)).toBe(true);

    // The last ten units asked for by twenty writes at once: exactly ten get through.
    const answers = await Promise.all(Array.from({ length: last }, () => api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild' } })));

    const statuses = answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
    expect(statuses).toEqual({ 201: last / 2, 429: last / 2 });
    const refused = answers.filter((res) => res.status === 429);
    const wait = Number(refused[0].headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused[0].body).toEqual({ message: JournalMessages.tooManyJournalWrites(wait) });
    // Meals count too, reads do not, and another person is not held back.
    expect((await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'One more', timestamp: new Date().toISOString() } })).status).toBe(429);
    expect(okBody(await api.call(httpContract.symptoms.list)).length).toBe(last / 2);
    expectOk(await other.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild' } }));
  });
});

describe('Insights analyses per person', () => {
  it('answers 30 fresh analyses a minute, then 429 with Retry-After; a question asked before is still answered', async () => {
    const questions = CORRELATION_PERIODS.flatMap((period) =>
      SYMPTOM_WINDOWS.flatMap(({ fromHours, toHours }) =>
        [httpContract.insights.correlation, httpContract.insights.fodmapGroups].map((route) => ({ route, query: { period: String(period), afterFrom: String(fromHours), afterTo: String(toHours) } })),
      ),
    );
    expect(questions.length).toBeGreaterThan(30);
    // The count is per clock minute: a run that crosses into the next one is run again with a new person.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { api } = await registerUser('analyses', 'Hal');
      const minute = Math.floor(Date.now() / 60_000);
      const statuses: number[] = [];
      let refusal: { body: unknown; headers: Headers } | undefined;
      for (const { route, query } of questions) {
        const res = await api.send(route, { query });
        statuses.push(res.status);
        if (res.status === 429) refusal ??= res;
      }
      const again = await api.send(questions[0].route, { query: questions[0].query });
      if (Math.floor(Date.now() / 60_000) !== minute) continue;

      expect(statuses).toEqual([...Array<number>(30).fill(200), ...Array<number>(questions.length - 30).fill(429)]);
      const wait = Number(refusal?.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(refusal?.body).toEqual({ message: InsightsMessages.tooManyAnalyses(wait) });
      expect(again.status).toBe(200);
      return;
    }
    throw new Error('Two runs crossed a minute: the machine is too slow for this test');
  }, 120_000);
});
