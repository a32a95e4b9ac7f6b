import { Page, RouteDefinition } from '@fodmap/contracts';
import type { Response } from 'express';
import { jsonText, JsonText } from '../journal/journal-read-cache';

/**
 * A page of a list (issue 20): the items as the body (an array, spec §7), and when there are more a
 * `Link: <…>; rel="next"` header whose URL is the same list with the next page's cursor and the same limit.
 */
export function sendPage<T>(res: Response, route: RouteDefinition, limit: number | undefined, { items, nextCursor }: Page<T>): JsonText<T[]> {
  if (nextCursor !== null) {
    const query = new URLSearchParams({ ...(limit === undefined ? {} : { limit: String(limit) }), cursor: nextCursor });
    res.setHeader('Link', `<${route.path}?${query.toString()}>; rel="next"`);
  }
  return jsonText(items);
}
