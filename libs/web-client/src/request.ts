// How a call of a route goes out, for the typed client (client.ts) and the paged reads (pages.ts): not exported from
// the library, whose callers name routes and never build a request themselves.
import { pathTo, type RouteDefinition } from '@fodmap/contracts';
import { exchange } from './api';

/** Any route's input, as the run-time code below reads it. */
export interface SentInput {
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

export function urlFor(route: RouteDefinition, { params, query, bustCaches }: SentInput): string {
  return pathTo(route, params ?? {}) + queryString(query, bustCaches);
}

export function request(route: RouteDefinition, input: SentInput) {
  let body: string | FormData | undefined;
  if (route.upload !== undefined && input.file !== undefined) {
    body = new FormData();
    body.append(route.upload, input.file);
  } else if (input.body !== undefined) {
    body = JSON.stringify(input.body);
  }
  return exchange({ method: route.method, url: urlFor(route, input), body, idempotencyKey: input.idempotencyKey });
}
