import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { Client } from 'pg';
import { ensureDatabase, loadConfig } from '@fodmap/server';
import { keepTeardown } from './global-hooks';
import { provideInfrastructure } from './infrastructure';
import { assertTestDatabase, databaseName } from './test-environment';

/**
 * Jest globalSetup of the integration project: real PostgreSQL, NATS (JetStream) and Redis (see
 * `provideInfrastructure`: environment URLs, local defaults, or containers).
 * Each run gets a database `fodmap_test_<random>` and a NATS prefix `test_<random>` of its own (passed to the test
 * workers through the environment), both removed by integration-teardown.ts.
 */
export default async function setup(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  const base = loadConfig();

  const run = randomBytes(4).toString('hex');
  const url = new URL(base.databaseUrl);
  url.pathname = `/fodmap_test_${run}`;
  const databaseUrl = url.toString();
  assertTestDatabase(databaseUrl);
  await ensureDatabase(databaseUrl);
  const natsPrefix = `test_${run}`;
  process.env.DATABASE_URL = databaseUrl;
  process.env.NATS_PREFIX = natsPrefix;
  // Every service a test starts opens an ops server (metrics, health): on a free port each, so runs never clash.
  process.env.METRICS_PORT = '0';

  keepTeardown('integration', async () => {
    const nats = await connect({ servers: base.natsUrl });
    const jsm = await nats.jetstreamManager();
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(`${natsPrefix}_`)) await jsm.streams.delete(stream.config.name);
    }
    await nats.drain();
    const admin = new URL(base.databaseUrl);
    admin.pathname = '/postgres';
    const client = new Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${databaseName(databaseUrl)}" WITH (FORCE)`);
    await client.end();
    await infrastructure.stop();
  });
}
