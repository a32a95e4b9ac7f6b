import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { accountRoutes, authRoutes, foodRoutes, insightsRoutes, type Meal, mealRoutes, symptomRoutes } from '@fodmap/contracts';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { callRoute, downloadRoute, hrefOf, isReadOf, queryKeyOf, routeQuery } from './client';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typed = <Check extends true>(): Check | undefined => undefined;

/** The gateway answering every request with `body`; returns the fetch mock to read what was sent. */
function answering(body: unknown, status = 200) {
  const fetchMock = jest.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
  return fetchMock;
}

const sent = (fetchMock: jest.Mock<typeof fetch>) => fetchMock.mock.calls.map(([url, init]) => [init?.method, String(url), init?.body]);

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('downloadRoute', () => {
  it("fetches a file route with its query and the session cookie, and answers the bytes under the server's file name", async () => {
    const fetchMock = jest.fn<typeof fetch>(
      async () => new Response('PK zip', { status: 200, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="fodmap-journal-export-2026-11-27.zip"' } }),
    );
    jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
    const file = await downloadRoute(accountRoutes.export, { query: { format: 'csv' } });
    expect(file.fileName).toBe('fodmap-journal-export-2026-11-27.zip');
    expect(await file.blob.text()).toBe('PK zip');
    expect(fetchMock.mock.calls.map(([url, init]) => [String(url), init?.credentials])).toEqual([['/api/account/export?format=csv', 'include']]);
  });

  it("fails with an ApiError in the server's words", async () => {
    answering({ message: 'Please try again in 30 minutes.' }, 429);
    await expect(downloadRoute(accountRoutes.export)).rejects.toEqual(new ApiError(429, 'Please try again in 30 minutes.'));
  });
});

describe('callRoute', () => {
  it("sends the route's method to its path with the parameters filled in and encoded, and the body as JSON", async () => {
    const fetchMock = answering({ id: 3 });
    await callRoute(mealRoutes.updateFood, { params: { id: 3, entryId: 11 }, body: { quantity: 2, servingUnit: 'g' } });
    await callRoute(mealRoutes.complete, { params: { id: 3 } });
    expect(hrefOf(accountRoutes.photo, { params: { name: 'a b/c' } })).toBe('/api/photos/a%20b%2Fc');
    expect(sent(fetchMock)).toEqual([
      ['PATCH', '/api/meals/3/foods/11', JSON.stringify({ quantity: 2, servingUnit: 'g' })],
      ['PATCH', '/api/meals/3/complete', undefined],
    ]);
  });

  it('sends the query as encoded pairs in the order given, leaving out what is undefined', async () => {
    const fetchMock = answering([]);
    await callRoute(foodRoutes.search, { query: { q: 'rice & peas' } });
    await callRoute(mealRoutes.list, { query: { todayOnly: true, date: undefined } });
    await callRoute(mealRoutes.list);
    expect(sent(fetchMock).map(([, url]) => url)).toEqual(['/api/foods/search?q=rice%20%26%20peas', '/api/meals?todayOnly=true', '/api/meals']);
  });

  it('adds `_t`, a fresh value, to a read that must pass every cache (spec §7)', async () => {
    jest.useFakeTimers({ now: 1_700_000_000_000 });
    const fetchMock = answering({});
    await callRoute(insightsRoutes.activity, { query: { period: 7 }, bustCaches: true });
    expect(sent(fetchMock).map(([, url]) => url)).toEqual(['/api/insights/activity?period=7&_t=1700000000000']);
  });

  it("answers the route's own type, and refuses at compile time a call its route does not take", async () => {
    answering({ id: 3 });
    const meal = await callRoute(mealRoutes.complete, { params: { id: 3 } });
    typed<Equal<typeof meal, Meal>>();
    expect(meal.id).toBe(3);
    // @ts-expect-error a meal's id is a path parameter the call must give
    await callRoute(mealRoutes.complete);
    // @ts-expect-error `entryId` is missing
    await callRoute(mealRoutes.updateFood, { params: { id: 3 }, body: { quantity: 2 } });
    // @ts-expect-error a symptom's severity is one of the contract's words
    await callRoute(symptomRoutes.log, { body: { symptomType: 'bloating', severity: 'awful' } });
    // @ts-expect-error sign-out takes no body
    await callRoute(authRoutes.logout, { body: {} });
  });
});

describe('reads and their query keys', () => {
  it("keys a read by the route's path, then its parameters and query", () => {
    expect(queryKeyOf(accountRoutes.user)).toEqual(['/api/auth/user']);
    expect(queryKeyOf(mealRoutes.get, { params: { id: 4 } })).toEqual(['/api/meals/:id', { params: { id: 4 } }]);
    expect(queryKeyOf(mealRoutes.list, { query: { date: '2026-11-27' } })).toEqual(['/api/meals', { query: { date: '2026-11-27' } }]);
  });

  it('fetches a read by its route and keeps its answer under the same key, typed', async () => {
    const fetchMock = answering({ id: 4, name: 'Porridge' });
    const queryClient = new QueryClient();
    const meal = await queryClient.fetchQuery(routeQuery(mealRoutes.get, { params: { id: 4 } }));
    expect(sent(fetchMock)).toEqual([['GET', '/api/meals/4', undefined]]);
    const kept = queryClient.getQueryData(queryKeyOf(mealRoutes.get, { params: { id: 4 } }));
    typed<Equal<typeof kept, Meal | undefined>>();
    expect(kept).toBe(meal);
  });

  it("finds every read of a route, whatever its parameters and query, and no other route's", () => {
    const isMealRead = isReadOf(mealRoutes.list, mealRoutes.get);
    expect(isMealRead({ queryKey: queryKeyOf(mealRoutes.list, { query: { todayOnly: true } }) })).toBe(true);
    expect(isMealRead({ queryKey: queryKeyOf(mealRoutes.get, { params: { id: 9 } }) })).toBe(true);
    expect(isMealRead({ queryKey: queryKeyOf(symptomRoutes.list) })).toBe(false);
  });
});
