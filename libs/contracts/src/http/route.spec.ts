import { describe, expect, it } from '@jest/globals';
import type { Meal } from '../meals/meal';
import { contractRoutes, mealRoutes, platformRoutes, type RouteBody, type RouteParams, type RouteResponse, pathTo, route, routeErrors, ok } from './index';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typed = <Check extends true>(): Check | undefined => undefined;

describe('the HTTP contract', () => {
  it('types a route for its client: path parameters, body and answer, without a cast', () => {
    typed<Equal<RouteResponse<typeof mealRoutes.complete>, Meal>>();
    typed<Equal<keyof RouteParams<typeof mealRoutes.updateFood>, 'id' | 'entryId'>>();
    const body: RouteBody<typeof mealRoutes.addFood> = { foodId: 1, quantity: 1, servingUnit: 'serving' };
    expect(pathTo(mealRoutes.updateFood, { id: 12, entryId: '3' })).toBe('/api/meals/12/foods/3');
    expect(body.foodId).toBe(1);
  });

  it('refuses, at compile time, a parameter schema the path does not name', () => {
    // @ts-expect-error `mealId` is not a parameter of /api/meals/:id
    route({ method: 'GET', path: '/api/meals/:id', access: 'signedIn', params: { mealId: mealRoutes.get.params.id }, response: ok<Meal>(), errors: [], summary: 'x' });
  });

  it('names the errors its access, its gate and its validation imply, and a service being unavailable or late', () => {
    expect(routeErrors(mealRoutes.create)).toEqual([400, 401, 402, 404, 429, 503, 504]);
    expect(routeErrors(platformRoutes.domainConfig)).toEqual([503, 504]);
  });

  it('declares each method and path once', () => {
    const keys = contractRoutes().map(({ route: { method, path } }) => `${method} ${path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
