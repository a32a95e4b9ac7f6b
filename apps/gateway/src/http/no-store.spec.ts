import { describe, expect, it } from '@jest/globals';
import { foodRoutes } from '@fodmap/contracts';
import type { Request, Response } from 'express';
import { noStore } from './no-store';

/** The Cache-Control noStore leaves on a request to `path` (mounted at /api, as main.ts does). */
function cacheControlOf(method: string, path: string): string | undefined {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name, value) } as unknown as Response;
  let passedOn = false;
  noStore({ method, baseUrl: '/api', path: path.slice('/api'.length) } as Request, res, () => (passedOn = true));
  expect(passedOn).toBe(true);
  return headers.get('Cache-Control');
}

describe('noStore', () => {
  it('marks every answer of a route that is not shared no-store, whoever calls it and whatever it answers', () => {
    for (const [method, path] of [
      ['GET', '/api/meals'],
      ['GET', '/api/meals/12/'],
      ['DELETE', '/api/account'],
      ['POST', '/api/auth/verify-email'],
      ['GET', '/api/sponsored/3'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/no-such-route'],
      // The catalogue's path, but not its method: another route, or none.
      ['POST', foodRoutes.catalogue.path],
    ]) {
      expect({ method, path, cacheControl: cacheControlOf(method, path) }).toEqual({ method, path, cacheControl: 'no-store' });
    }
  });

  it("leaves a shared route's answers to the browser, however the path is cased or ended, HEAD as GET", () => {
    for (const [method, path] of [
      ['GET', foodRoutes.catalogue.path],
      ['GET', `${foodRoutes.catalogue.path}/`],
      ['HEAD', foodRoutes.whatsNew.path],
      ['GET', '/api/EDUCATION'],
    ]) {
      expect({ method, path, cacheControl: cacheControlOf(method, path) }).toEqual({ method, path, cacheControl: undefined });
    }
  });
});
