// The paged reads (issue 20), apart from client.ts, which every screen's first download holds: only the screens that
// read a list a page at a time download this.
import type { JsonReply, RouteDefinition, RouteResponse } from '@fodmap/contracts';
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { InputArgs, ReadInput, ReadRoute } from './client';
import { request, type SentInput } from './request';

/** The address of a `Link` header's `rel="next"` (RFC 8288), or null when the header names none: the list has ended. */
export function nextLink(header: string | null): string | null {
  // Each link is `<address>` and its `; name=value` parameters; an address may itself hold commas, its parameters not.
  for (const [, address, parameters] of (header ?? '').matchAll(/<([^>]*)>([^<]*)/g)) {
    if (/;\s*rel\s*=\s*"?([^";,]*\s)?next(\s[^";,]*)?"?\s*(;|,|$)/i.test(parameters)) return address;
  }
  return null;
}

/** A read that answers a list a page at a time (issue 20): an array, and the next page's address in its `Link` header. */
type PagedRoute = ReadRoute & { response: JsonReply<readonly unknown[]> };
type ItemOf<R extends PagedRoute> = RouteResponse<R> extends readonly (infer Item)[] ? Item : never;

/** One page of a paged list: its items, and the cursor of the page after it (null on the last). */
export interface RoutePage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * A paged list read page after page: `useInfiniteQuery(routePages(mealRoutes.list, { query: { limit: 50 } }))`. Each page
 * after the first is asked with the cursor of the `Link: <…>; rel="next"` the one before it answered; the server's
 * limit and order are kept. The key is the route's path first, as routeQuery's, so `isReadOf` finds these reads too, then
 * `pages` to keep them apart from a plain read of the same route and query (their data are pages, not the list).
 */
export function routePages<R extends PagedRoute>(route: R, ...input: InputArgs<ReadInput<R>>): RoutePagesOptions<ItemOf<R>> {
  // The read's input is any route's to the code that sends it, as for the overloads above.
  return pagesOf<ItemOf<R>>(route, (input[0] ?? {}) as SentInput);
}

function pagesOf<Item>(route: RouteDefinition, input: SentInput): RoutePagesOptions<Item> {
  const { params, query } = input;
  const queryKey: QueryKey = [route.path, { params, query, pages: true }];
  return infiniteQueryOptions<RoutePage<Item>, Error, InfiniteData<RoutePage<Item>, string | null>, QueryKey, string | null>({
    queryKey,
    initialPageParam: null,
    queryFn: async ({ pageParam }) => {
      const { body, headers } = await request(route, pageParam === null ? input : { ...input, query: { ...query, cursor: pageParam } });
      const next = nextLink(headers.get('Link'));
      return { items: body as Item[], nextCursor: next === null ? null : new URL(next, 'http://list.invalid').searchParams.get('cursor') };
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** A paged read's infinite-query options, typed with its pages: the key carries the type to setQueryData too. */
export type RoutePagesOptions<Item> = ReturnType<typeof infiniteQueryOptions<RoutePage<Item>, Error, InfiniteData<RoutePage<Item>, string | null>, QueryKey, string | null>>;
