import { type FileReply, type PathParamNames, type RouteBody, type RouteDefinition, type RouteParams, type RouteQuery, type RouteResponse } from '@fodmap/contracts';
import { queryOptions, type DataTag, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { type DownloadedFile, receiveFile } from './api';
import { request, type SentInput, urlFor } from './request';

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
export type InputArgs<Input> = Partial<Input> extends Input ? [input?: Input] : [input: Input];

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
export type ReadRoute = RouteDefinition & { method: 'GET' };

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
