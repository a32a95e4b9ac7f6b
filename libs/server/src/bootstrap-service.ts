import { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { configOrExit, loadConfig, ServerConfig } from './config';
import { ensureDatabase, ensureSchema } from './database';
import { startObservability } from './observability';
import { DrainingNatsServer, stopOnSignals } from './lifecycle';
import { requireDependencies } from './preflight';

/**
 * Starts a NestJS microservice on NATS after checking its configuration (the process's own schema: a bad setting stops
 * it in one line), that PostgreSQL and NATS answer and that its schema exists. Its logs are JSON through pino, and its
 * ops port (METRICS_PORT) serves its metrics and health from the start (observability/).
 */
export async function bootstrapService(name: string, appModule: Type<unknown>, loadProcessConfig: () => ServerConfig = loadConfig): Promise<INestMicroservice> {
  const config = configOrExit(loadProcessConfig);
  const observability = await startObservability(name, config);
  await requireDependencies(config, ['postgres', 'nats']);
  await ensureDatabase(config.databaseUrl);
  await ensureSchema(config.databaseUrl, name);
  const app = await NestFactory.createMicroservice(appModule, {
    strategy: new DrainingNatsServer({ ...config.nats, queue: name, name }),
    logger: observability.nestLogger,
  });
  // The ops server outlives the application, so probes and the last scrape still answer while it stops.
  const closeApp = app.close.bind(app);
  app.close = async () => {
    await closeApp();
    await observability.close();
  };
  // Closing drains the RPC subscriptions and waits for the handlers, then stops consumers, relay and jobs (each
  // finishing what it holds), then closes PostgreSQL and NATS (lifecycle/), and the ops server last.
  stopOnSignals(name, config.shutdownGraceMs, () => app.close());
  await app.listen();
  observability.started();
  observability.logger.info(`${name} service ready`);
  return app;
}
