import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { type Meal, mealRoutes } from '@fodmap/contracts';
import { QueryClient } from '@tanstack/react-query';
import { isReadOf, queryKeyOf } from './client';
import { nextLink, routePages } from './pages';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typed = <Check extends true>(): Check | undefined => undefined;

afterEach(() => {
  jest.restoreAllMocks();
});

describe('nextLink', () => {
  it('finds the rel="next" address among the links of a Link header, or null', () => {
    expect(nextLink('</api/meals?cursor=abc>; rel="next"')).toBe('/api/meals?cursor=abc');
    expect(nextLink('</a?x=1,2>; rel="prev", </b>; title="next page"; rel=next')).toBe('/b');
    expect(nextLink('</a>; rel="next last"')).toBe('/a');
    expect(nextLink('</a>; rel="nextish"')).toBeNull();
    expect(nextLink('</a>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});

describe('routePages', () => {
  it("reads a paged list page after page with the cursor of each answer's Link rel=\"next\", until an answer has none", async () => {
    const pages: [Meal[], string | null][] = [
      [[{ id: 3 } as Meal], '</api/meals?limit=1&cursor=MjAyNXwz>; rel="next"'],
      [[{ id: 2 } as Meal], '</api/meals?limit=1&cursor=MjAyNXwy>; rel="last", </api/meals?limit=1&cursor=MjAyNXwx>; rel="next"'],
      [[{ id: 1 } as Meal], null],
    ];
    const fetchMock = jest.fn<typeof fetch>(async () => {
      const [body, link] = pages.shift() ?? [[], null];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...(link ? { Link: link } : {}) } });
    });
    jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
    const options = routePages(mealRoutes.list, { query: { limit: 1 } });
    const queryClient = new QueryClient();
    await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    const data = queryClient.getQueryData(options.queryKey);
    typed<Equal<NonNullable<typeof data>['pages'][number]['items'], Meal[]>>();
    expect(data?.pages.map((page) => [page.items.map((meal) => meal.id), page.nextCursor])).toEqual([
      [[3], 'MjAyNXwz'],
      [[2], 'MjAyNXwx'],
      [[1], null],
    ]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/meals?limit=1', '/api/meals?limit=1&cursor=MjAyNXwz', '/api/meals?limit=1&cursor=MjAyNXwx']);
    expect(isReadOf(mealRoutes.list)({ queryKey: options.queryKey })).toBe(true);
    expect(options.queryKey).not.toEqual(queryKeyOf(mealRoutes.list, { query: { limit: 1 } }));
  });
});
