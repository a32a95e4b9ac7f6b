import { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { configOrExit, loadConfig, ServerConfig } from './config';
import { ensureDatabase, ensureSchema } from './database';
import { DrainingNatsServer, stopOnSignals } from './lifecycle';
import { requireDependencies } from './preflight';

/**
 * Starts a NestJS microservice on NATS after checking its configuration (the process's own schema: a bad setting stops
 * it in one line), that PostgreSQL and NATS answer and that its schema exists.
 */
export async function bootstrapService(name: string, appModule: Type<unknown>, loadProcessConfig: () => ServerConfig = loadConfig): Promise<INestMicroservice> {
  const config = configOrExit(loadProcessConfig);
  await requireDependencies(config, ['postgres', 'nats']);
  await ensureDatabase(config.databaseUrl);
  await ensureSchema(config.databaseUrl, name);
  const app = await NestFactory.createMicroservice(appModule, {
    strategy: new DrainingNatsServer({ ...config.nats, queue: name, name }),
    logger: ['error', 'warn', 'log'],
  });
  // Closing drains the RPC subscriptions and waits for the handlers, then stops consumers, relay and jobs (each
  // finishing what it holds), then closes PostgreSQL and NATS (lifecycle/).
  stopOnSignals(name, config.shutdownGraceMs, () => app.close());
  await app.listen();
  console.log(`${name} service ready`);
  return app;
}
