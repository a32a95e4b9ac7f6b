import type { z } from 'zod';

/** Who may call a route. The gateway derives its guard from it (apps/gateway/src/http/endpoint.ts). */
export type Access =
  /** Anyone, signed in or not. */
  | 'visitor'
  /** A signed-in person, acting on their own data only: 401 otherwise. */
  | 'signedIn'
  /** An active admin: 401 to a visitor, 403 to anyone else, asked of identity on each request. */
  | 'admin'
  /** Whoever holds a signed link from an email: the token is the authority for its one action, no sign-in. */
  | 'emailLink'
  /** Stripe's servers: the signature over the raw body is the authority, no cookie. */
  | 'stripeSignature';

/** Where every route of the contract lives (Nest's global prefix), and the admin area's routes, all under it. */
export const API_PREFIX = '/api';
export const ADMIN_API_PREFIX = '/api/admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error statuses a route may answer, each with a JSON body `{ message }`. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 429 | 503 | 504;

/** JSON of type T. `answer` is never set: it carries the type to the client and the handler. */
export interface JsonReply<T> {
  readonly kind: 'json';
  readonly status: 200 | 201 | 202;
  readonly schema?: z.ZodType<T>;
  readonly example?: T;
  readonly answer?: T;
}
/** A 302 to another page (`Location`). */
export interface RedirectReply {
  readonly kind: 'redirect';
  readonly status: 302;
}
/**
 * The bytes of a file, of one of `mediaTypes` (the request's query chooses which). `answer` is never set: when one of
 * them is `application/json` it carries that document's type to the clients that read it.
 */
export interface FileReply<T = unknown> {
  readonly kind: 'file';
  readonly status: 200;
  readonly mediaTypes: readonly [string, ...string[]];
  readonly answer?: T;
}
/** What a successful call answers. */
export type Reply = JsonReply<unknown> | RedirectReply | FileReply;

export const ok = <T>(options: { status?: 200 | 201 | 202; schema?: z.ZodType<T>; example?: T } = {}): JsonReply<T> => ({ kind: 'json', status: options.status ?? 200, ...options });
export const redirect = (): RedirectReply => ({ kind: 'redirect', status: 302 });
export const file = <T = unknown>(...mediaTypes: [string, ...string[]]): FileReply<T> => ({ kind: 'file', status: 200, mediaTypes });

/** `'/api/meals/:id/foods/:entryId'` → `'id' | 'entryId'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export interface RouteDefinition<Path extends `/api/${string}` = `/api/${string}`> {
  method: HttpMethod;
  /** Express-style: `/api/meals/:id`. */
  path: Path;
  access: Access;
  /** Refused with 402 to an account whose trial or subscription has expired (docs/how-it-works.md 'Subscriptions'). */
  gated?: true;
  /**
   * A signed-in route whose answer is the same for everyone (the catalogue's edition, education): a browser may keep
   * it. Every other /api answer, refusals included, is `Cache-Control: no-store` (the gateway's `noStore`).
   */
  shared?: true;
  /** One schema per path parameter; each a 400 with its message when broken. */
  params?: { readonly [Name in PathParamNames<Path>]: z.ZodTypeAny };
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  /** Takes an `Idempotency-Key` header: a retry with the same key answers the first request's result. */
  idempotent?: true;
  /** A multipart form instead of JSON: the name of its one file field. */
  upload?: string;
  response: Reply;
  /** The statuses this route answers beyond those its access and gate imply (see `routeErrors`). */
  errors: readonly ErrorStatus[];
  summary: string;
  description?: string;
  /** A request body a caller might send. */
  example?: unknown;
}

/** Keeps the literal types of a route (its path, its schemas, its answer) for the client and the gateway. */
export const route = <const Path extends `/api/${string}`, const Definition extends RouteDefinition<Path>>(definition: Definition & { path: Path }): Definition =>
  definition;

/** One area's routes (a file of its own, so that the web imports only the areas it uses). */
export const routes = <const Area extends Record<string, RouteDefinition>>(area: Area): Area => area;

type Schema<R, Key extends 'query' | 'body'> = R extends { [K in Key]: infer S extends z.ZodTypeAny } ? S : never;

/** The path parameters a client fills in (`{ id: 12 }`). */
export type RouteParams<R extends RouteDefinition> = { [Name in PathParamNames<R['path']>]: string | number };
/** What a client may send as the query string, before validation. */
export type RouteQuery<R extends RouteDefinition> = z.input<Schema<R, 'query'>>;
/** What a client may send as the JSON body, before validation. */
export type RouteBody<R extends RouteDefinition> = z.input<Schema<R, 'body'>>;
/** What the route answers on success. */
export type RouteResponse<R extends RouteDefinition> = R['response'] extends JsonReply<infer T> ? T : never;
/** The JSON document a file route serves (`file<AccountExport>('application/json', …)`). */
export type RouteFileJson<R extends RouteDefinition> = R['response'] extends FileReply<infer T> ? T : never;

/** The gateway's side: path parameters, query and body as their schemas leave them. */
export type ParsedParams<R extends RouteDefinition> = R extends { params: infer P extends Record<string, z.ZodTypeAny> } ? { [Name in keyof P]: z.output<P[Name]> } : never;
export type ParsedQuery<R extends RouteDefinition> = z.output<Schema<R, 'query'>>;
export type ParsedBody<R extends RouteDefinition> = z.output<Schema<R, 'body'>>;

/** Every status a route may answer with `{ message }`: its own, those its access and gate imply, and a service being unavailable (503) or late (504). */
export function routeErrors(route: RouteDefinition): ErrorStatus[] {
  const implied: ErrorStatus[] = [];
  if (route.params || route.query || route.body) implied.push(400);
  if (route.access === 'signedIn' || route.access === 'admin') implied.push(401);
  if (route.gated) implied.push(402);
  if (route.access === 'admin') implied.push(403);
  return [...new Set<ErrorStatus>([...implied, ...route.errors, 503, 504])].sort((a, b) => a - b);
}

/** The path of a route with its parameters filled in: `pathTo(mealRoutes.get, { id: 12 })` is `/api/meals/12`. */
export function pathTo<R extends RouteDefinition>(route: R, params: RouteParams<R>): string {
  const values: Record<string, string | number> = params;
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(String(values[name])));
}
