import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig, requireDependencies } from '@fodmap/server';
import compression from 'compression';
import Redis from 'ioredis';
import { AppModule } from './app.module';
import { useSessions } from './auth/session';
import { useJsonBodies } from './http/json-body';
import { JsonExceptionFilter } from './http/json-exception.filter';
import { REDIS } from './infra/infra.module';
import { serveSpas } from './spa/serve-spas';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  await requireDependencies(config, ['nats', 'redis']);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: false, logger: ['error', 'warn', 'log'] });
  const express = app.getHttpAdapter().getInstance();
  serveSpas(express);
  // Static files are precompressed at build time; only the API's JSON is compressed per response, from 1 KB up.
  express.use('/api', compression({ threshold: 1024 }));
  useSessions(express, app.get<Redis>(REDIS), config.sessionSecret, config.natsPrefix);
  useJsonBodies(express);
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new JsonExceptionFilter());
  app.enableShutdownHooks();
  await app.listen(config.port);
  console.log(`gateway ready on ${config.publicUrl}`);
}

void bootstrap();
