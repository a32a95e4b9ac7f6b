import { applyDecorators, Body, HttpCode, Param, Query, Redirect, RequestMapping, RequestMethod, SetMetadata, UseGuards } from '@nestjs/common';
import { API_PREFIX, type RouteDefinition, type RouteResponse } from '@fodmap/contracts';
import type { ZodTypeAny } from 'zod';
import { SignedInGuard } from '../auth/signed-in.guard';
import type { JsonText } from '../journal/journal-read-cache';
import { ZodBody } from './zod-body.pipe';

/** The contract route a handler serves, read back by the contract test and nothing else. */
export const ROUTE_METADATA = 'fodmap:http-route';

/** What a handler of the route returns: its answer (or the answer already as JSON text), the redirect, or nothing (it wrote the file). */
export type HandlerReply<R extends RouteDefinition> = R['response']['kind'] extends 'json'
  ? RouteResponse<R> | JsonText<RouteResponse<R>>
  : R['response']['kind'] extends 'redirect'
    ? { url: string; statusCode: number }
    : void;

/**
 * Serves a contract route: its method and path, its success status, the sign-in guard its access needs (admins are
 * checked by main.ts's `adminOnly` in front of /api/admin, which also guards the admin SPA), and the route itself as
 * metadata. `Cache-Control` is main.ts's `noStore`, in front of every route, so that refusals carry it too. The
 * handler must return what the route answers: a mismatch is a compile error.
 */
export function Endpoint<R extends RouteDefinition>(route: R) {
  const decorators = [
    RequestMapping({ method: RequestMethod[route.method], path: route.path.slice(API_PREFIX.length) }),
    SetMetadata(ROUTE_METADATA, route),
  ];
  if (route.access === 'signedIn' || route.access === 'admin') decorators.push(UseGuards(SignedInGuard));
  if (route.response.kind === 'json') decorators.push(HttpCode(route.response.status));
  if (route.response.kind === 'redirect') decorators.push(Redirect());
  const apply = applyDecorators(...decorators);
  return <Handler extends (...args: never[]) => HandlerReply<R> | Promise<HandlerReply<R>>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Handler>,
  ): void => {
    apply(target, key, descriptor);
  };
}

/** A path parameter, validated with the route's schema for it (a 400 with its message). */
export const RouteParam = <R extends RouteDefinition & { params: Record<string, ZodTypeAny> }>(route: R, name: keyof R['params'] & string): ParameterDecorator =>
  Param(name, new ZodBody(route.params[name]));

/** The query string, validated with the route's schema. */
export const RouteQuery = <R extends RouteDefinition & { query: ZodTypeAny }>(route: R): ParameterDecorator => Query(new ZodBody(route.query));

/** The JSON body, validated with the route's schema. */
export const RouteBody = <R extends RouteDefinition & { body: ZodTypeAny }>(route: R): ParameterDecorator => Body(new ZodBody(route.body));
