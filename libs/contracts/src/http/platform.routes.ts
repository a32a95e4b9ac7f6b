import type { DomainConfig } from '../config/domain-config';
import type { HealthReport } from '../health/health';
import { file, ok, route, routes } from './route';

/** What any caller may read: health, branding, and this contract as OpenAPI with its reference page. */
export const platformRoutes = routes({
  health: route({
    method: 'GET',
    path: '/api/health',
    access: 'visitor',
    response: ok<HealthReport>(),
    errors: [],
    summary: 'Each part (every service, NATS, Redis): 200 when all are up, else 503 with Retry-After and the same report',
  }),
  domainConfig: route({
    method: 'GET',
    path: '/api/domain-config',
    access: 'visitor',
    response: ok<DomainConfig>(),
    errors: [],
    summary: 'Branding for the host the browser asked for (spec §3 Domain config)',
  }),
  openApi: route({
    method: 'GET',
    path: '/api/openapi.json',
    access: 'visitor',
    response: ok<{ openapi: string; info: { title: string; version: string }; paths: Record<string, unknown> }>(),
    errors: [],
    summary: 'This API as an OpenAPI 3.1 document, generated from the contract',
  }),
  docs: route({
    method: 'GET',
    path: '/api/docs',
    access: 'visitor',
    response: file('text/html'),
    errors: [],
    summary: 'The API reference page (self-hosted Swagger UI reading /api/openapi.json)',
  }),
});
