import { type FileReply, type JsonReply, pathTo, type PathParamNames, type RouteBody, type RouteDefinition, type RouteParams, type RouteQuery, type RouteResponse } from '@fodmap/contracts';
import { infiniteQueryOptions, queryOptions, type DataTag, type InfiniteData, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { type DownloadedFile, exchange, nextLink, receiveFile } from './api';

/**
 * The typed client of the HTTP contract (libs/contracts/src/http): a call names its route (`mealRoutes.complete`), and
 * what it sends and what it answers are the route's own types, so no caller writes a path or asserts an answer.
 *
 * At run time a route is read for its `method`, `path` and `upload` only: the SPAs' builds keep nothing else of a
 * route (tools/vite/contract-plugins.ts), so that a screen calling a route does not download its zod schemas.
 */

/** `{ name: value }`, the name optional when every field of the value is. */
type Field<Name extends string, Value> = Partial<Value> extends Value ? { [Key in Name]?: Value } : { [Key in Name]: Value };

/** `{ params }` for a path with parameters (filled in and encoded), nothing otherwise. */
type ParamsInput<R extends RouteDefinition> = [PathParamNames<R['path']>] extends [never] ? unknown : { params: RouteParams<R> };
/** `{ query }` for a route that declares one (sent as the query string), nothing otherwise. */
type QueryInput<R extends RouteDefinition> = R extends { query: object } ? Field<'query', RouteQuery<R>> : unknown;
/** `{ body }` sent as JSON, or `{ file }` sent as the route's one multipart field, for a route that takes either. */
type BodyInput<R extends RouteDefinition> = R extends { upload: string } ? { file: Blob } : R extends { body: object } ? Field<'body', RouteBody<R>> : unknown;

/** What identifies a read: its path parameters and query, of which its query key is made. */
export type ReadInput<R extends RouteDefinition> = ParamsInput<R> & QueryInput<R>;

/** What a call sends: the read's parts, a body, and how. */
export type RouteInput<R extends RouteDefinition> = ReadInput<R> &
  BodyInput<R> & {
    /** A create's key (newIdempotencyKey(), one per user action): the request is sent once more if its answer is lost. */
    idempotencyKey?: string;
    /** Spec §7: `_t`, a fresh value per request, so that no cache between the browser and the gateway answers it. */
    bustCaches?: boolean;
  };

/** The input as the last argument, optional when a route needs none (`callRoute(authRoutes.logout)`). */
type InputArgs<Input> = Partial<Input> extends Input ? [input?: Input] : [input: Input];

/** Any route's input, as the run-time code below reads it. */
interface SentInput {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
  file?: Blob;
  idempotencyKey?: string;
  bustCaches?: boolean;
}

/** `name=value` pairs, each encoded; a parameter left undefined is left out. */
function queryString(query: object | undefined, bustCaches: boolean | undefined): string {
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  if (bustCaches) pairs.push(`_t=${Date.now()}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function urlFor(route: RouteDefinition, { params, query, bustCaches }: SentInput): string {
  return pathTo(route, params ?? {}) + queryString(query, bustCaches);
}

function request(route: RouteDefinition, input: SentInput) {
  let body: string | FormData | undefined;
  if (route.upload !== undefined && input.file !== undefined) {
    body = new FormData();
    body.append(route.upload, input.file);
  } else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
  }
  return exchange({ method: route.method, url: urlFor(route, input), body, idempotencyKey: input.idempotencyKey });
}

/** A route's JSON answer, its headers left behind. */
const answerOf = async (route: RouteDefinition, input: SentInput): Promise<unknown> => (await request(route, input)).body;

/** Where a route is, with its parameters and query: for a page the browser goes to (a redirect, a file). */
export function hrefOf<R extends RouteDefinition>(route: R, ...input: InputArgs<ReadInput<R>>): string;
export function hrefOf(route: RouteDefinition, input: SentInput = {}): string {
  return urlFor(route, input);
}

/**
 * Calls a route of the contract and answers what the route declares; a failure is an ApiError (spec §8). The answer
 * is taken to be the declared type: the gateway is derived from the same contract, and no schema comes to the browser.
 */
export function callRoute<R extends RouteDefinition>(route: R, ...input: InputArgs<RouteInput<R>>): Promise<RouteResponse<R>>;
export function callRoute(route: RouteDefinition, input: SentInput = {}): Promise<unknown> {
  return answerOf(route, input);
}

/** Fetches a route that answers a file (`file(…)`: an export) for the signed-in person; a failure is an ApiError. */
export function downloadRoute<R extends RouteDefinition & { method: 'GET'; response: FileReply }>(route: R, ...input: InputArgs<ReadInput<R>>): Promise<DownloadedFile>;
export function downloadRoute(route: RouteDefinition, input: SentInput = {}): Promise<DownloadedFile> {
  return receiveFile(urlFor(route, input));
}

/** A route a screen reads and keeps (react-query). */
type ReadRoute = RouteDefinition & { method: 'GET' };

/** A read's query options, typed with its answer: its key carries the type to setQueryData and getQueryData too. */
export type RouteQueryOptions<Answer> = UseQueryOptions<Answer, Error, Answer, QueryKey> & { queryKey: DataTag<QueryKey, Answer, Error> };

/**
 * A read's key and fetch: `useQuery(routeQuery(mealRoutes.get, { params: { id } }))`. The key is the route's path, then
 * its parameters and query when it has any: every read of a route shares the first element, by which `isReadOf`
 * and react-query's key prefixes (`{ queryKey: queryKeyOf(route) }`) find them all.
 */
export function routeQuery<R extends ReadRoute>(route: R, ...input: InputArgs<ReadInput<R>>): RouteQueryOptions<RouteResponse<R>>;
export function routeQuery(route: RouteDefinition, input: SentInput = {}): RouteQueryOptions<unknown> {
  const { params, query } = input;
  const queryKey: QueryKey = params === undefined && query === undefined ? [route.path] : [route.path, { params, query }];
  return queryOptions({ queryKey, queryFn: () => answerOf(route, input) });
}

/** The key of a read (see routeQuery), for setQueryData, getQueryData and invalidateQueries. */
export function queryKeyOf<R extends ReadRoute>(route: R, ...input: InputArgs<ReadInput<R>>): RouteQueryOptions<RouteResponse<R>>['queryKey'] {
  return routeQuery(route, ...input).queryKey;
}

/** Whether a kept read is one of these routes' (any parameters, any query): a predicate for the query client's filters. */
export const isReadOf =
  (...routes: readonly RouteDefinition[]) =>
  ({ queryKey }: { queryKey: QueryKey }) =>
    routes.some((route) => route.path === queryKey[0]);

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
