import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { ADMIN_API_PREFIX, API_PREFIX, emailRoutes, subscriptionRoutes } from '@fodmap/contracts';
import { configOrExit, countHttpRequests, loadGatewayConfig, requireDependencies, startObservability, stopOnSignals } from '@fodmap/server';
import compression from 'compression';
import { raw } from 'express';
import Redis from 'ioredis';
import { AppModule } from './app.module';
import { adminOnly } from './auth/admin-only';
import { sessionHandlers } from './auth/session';
import { serveBackupPage } from './backup/backup-page';
import { requestObserver } from './http/access-log';
import { refuseAmbiguousPaths } from './http/api-paths';
import { refuseWhileDraining, stopGateway } from './http/draining';
import { inSeries } from './http/in-series';
import { useJsonBodies } from './http/json-body';
import { jsonErrors, JsonExceptionFilter } from './http/json-exception.filter';
import { noStore } from './http/no-store';
import { giveRequestIds } from './http/request-id';
import { sameOriginOnly } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { REDIS } from './infra/infra.module';
import { ServiceClient } from './services/service-client';
import { serveApiDocsAssets } from './openapi/openapi.controller';
import { serveSpas } from './spa/serve-spas';
import { subscriptionGate } from './subscription/subscription-gate';
import { SubscriptionStatusCache } from './subscription/subscription-status-cache';

/** RFC 8058 one-click unsubscribe: POSTed by mail providers from their own servers. */
const ONE_CLICK_UNSUBSCRIBE_PATH = emailRoutes.unsubscribe.path;
/** Stripe POSTs its events here; the signature covers the exact bytes of the body. */
const STRIPE_WEBHOOK_PATH = subscriptionRoutes.stripeWebhook.path;

async function bootstrap(): Promise<void> {
  const config = configOrExit(loadGatewayConfig);
  const observability = await startObservability('gateway', config);
  await requireDependencies(config, ['nats', 'redis']);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: false, logger: observability.nestLogger });
  const express = app.getHttpAdapter().getInstance();
  const signedIn = sessionHandlers(express, app.get<Redis>(REDIS), config.sessionSecret, config.natsPrefix, config.secureCookies);
  // X-Forwarded-* (client address, host, protocol) is believed only from the configured proxies.
  express.set('trust proxy', config.trustedProxies.length > 0 ? config.trustedProxies : false);
  express.disable('x-powered-by');
  // API answers are per person and never revalidated; hashing each body for an ETag is wasted work.
  express.set('etag', false);
  // One router layer for what every request goes through first (inSeries).
  express.use(inSeries(countHttpRequests, giveRequestIds, requestObserver(), refuseWhileDraining, securityHeaders()));
  // First, so that every refusal below (a cross-site 403, an admin's 401/403, a 402) carries it too.
  express.use(API_PREFIX, noStore);
  express.use(refuseAmbiguousPaths());
  // A mail provider POSTs the one-click unsubscribe (RFC 8058) from its own servers or a webmail page, so its Origin is
  // never ours; the token in the URL, not a cookie, is what it acts on, so a cross-site request gains nothing there.
  // Stripe POSTs its webhook from its own servers, never from a page of ours; its signature over the raw body, not a
  // cookie, is what identity acts on, so a cross-site request gains nothing there either.
  express.use(sameOriginOnly(config.allowedOrigins, [ONE_CLICK_UNSUBSCRIBE_PATH, STRIPE_WEBHOOK_PATH]));
  express.use(['/admin', ADMIN_API_PREFIX], signedIn, adminOnly(app.get(ServiceClient)));
  // The status page renders with every service down: served before the SPAs, the session and the API.
  serveBackupPage(express, config);
  serveSpas(express);
  // Static files are precompressed at build time; the API's JSON (and the API reference page's files) are compressed per
  // response, from 1 KB up.
  express.use(API_PREFIX, compression({ threshold: 1024 }));
  serveApiDocsAssets(express);
  express.use(signedIn);
  // Stripe signs the exact bytes it sent: this path's body is kept raw (the JSON parser skips a body already read).
  express.use(STRIPE_WEBHOOK_PATH, raw({ type: () => true, limit: '1mb' }));
  useJsonBodies(express);
  express.use(subscriptionGate(app.get(ServiceClient), app.get(SubscriptionStatusCache)));
  express.use(jsonErrors);
  // Every controller under the contract's prefix: its paths include it (`@Endpoint` maps them without it).
  app.setGlobalPrefix(API_PREFIX.slice(1));
  app.useGlobalFilters(new JsonExceptionFilter());
  // The ops server closes last, so probes and the last scrape still answer while the gateway stops.
  stopOnSignals('gateway', config.shutdownGraceMs, async () => {
    await stopGateway(app, config.shutdownDelayMs);
    await observability.close();
  });
  await app.listen(config.port);
  // A client (an ingress, a phone) that reuses a kept-alive connection just as the server closes it for idleness gets a
  // reset, and a POST is not retried: the soak saw one in 180,000 requests with Node's 5 s. Idle connections are kept
  // longer than proxies keep theirs (nginx's upstream keepalive_timeout is 60 s), so the client closes first.
  const server = app.getHttpServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  observability.started();
  observability.logger.info(`gateway ready on ${config.publicUrl}`);
}

void bootstrap();
