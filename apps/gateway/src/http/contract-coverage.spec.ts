import { describe, expect, it } from '@jest/globals';
import { MODULE_METADATA, PATH_METADATA, METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { RequestMethod, Type } from '@nestjs/common';
import { contractRoutes, RouteDefinition } from '@fodmap/contracts';
import { AppModule } from '../app.module';
import { ROUTE_METADATA } from './endpoint';

type Handler = (...args: unknown[]) => unknown;

/** Every route Nest serves, as `METHOD /api/path`, with the contract route its handler declares (if any). */
function servedRoutes(): { key: string; declared: RouteDefinition | undefined; handler: string; writesResponse: boolean }[] {
  const controllers: Type<object>[] = Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, AppModule);
  return controllers.flatMap((controller) => {
    const base: string = Reflect.getMetadata(PATH_METADATA, controller) ?? '';
    const prototype: Record<string, unknown> = controller.prototype;
    return Object.getOwnPropertyNames(prototype).flatMap((name) => {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') return [];
      const path: string | undefined = Reflect.getMetadata(PATH_METADATA, handler as Handler);
      const method: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, handler as Handler);
      if (path === undefined || method === undefined) return [];
      const full = ['api', base, path].flatMap((part) => part.split('/')).filter(Boolean).join('/');
      const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
      const writesResponse = Object.keys(args).some((arg) => arg.startsWith(`${RouteParamtypes.RESPONSE}:`));
      return [{ key: `${RequestMethod[method]} /${full}`, declared: Reflect.getMetadata(ROUTE_METADATA, handler as Handler), handler: `${controller.name}.${name}`, writesResponse }];
    });
  });
}

const contractKeys = () => contractRoutes().map(({ route }) => `${route.method} ${route.path}`);

describe("the gateway's routes and the HTTP contract", () => {
  it('serves no route that the contract lacks', () => {
    const contract = new Set(contractKeys());
    expect(servedRoutes().filter(({ key }) => !contract.has(key)).map(({ key, handler }) => `${key} (${handler})`)).toEqual([]);
  });

  it('has a handler for every contract route', () => {
    const served = new Set(servedRoutes().map(({ key }) => key));
    expect(contractKeys().filter((key) => !served.has(key))).toEqual([]);
  });

  it('serves each route from the handler that declares it with @Endpoint, so its guard, status and gate come from the contract', () => {
    expect(servedRoutes().filter(({ key, declared }) => !declared || `${declared.method} ${declared.path}` !== key).map(({ handler }) => handler)).toEqual([]);
  });

  it('serves a route that answers a file from a handler that writes the bytes and their media type itself (@Res), never as JSON', () => {
    const files = servedRoutes().filter(({ declared }) => declared?.response.kind === 'file');
    expect(files.map(({ key }) => key)).toContain('GET /api/account/export');
    expect(files.filter(({ writesResponse }) => !writesResponse).map(({ handler }) => handler)).toEqual([]);
  });

  it('keeps every admin route under /api/admin, where main.ts asks identity whether the caller is an admin', () => {
    const routes = contractRoutes().map(({ route }) => route);
    expect(routes.filter((route) => (route.access === 'admin') !== route.path.startsWith('/api/admin/')).map((route) => route.path)).toEqual([]);
  });
});
