import { Client } from 'pg';
import { ensureDatabase, loadConfig, ServerConfig } from '@fodmap/server';

/** The run's own database and NATS prefix, chosen by integration-setup.ts and handed to the test workers by environment. */
export function testConfig(): ServerConfig {
  const config = loadConfig();
  assertTestDatabase(config.databaseUrl);
  return config;
}

export function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** Integration tests create and drop tables: never against a database not named as a test one. */
export function assertTestDatabase(databaseUrl: string): void {
  const name = databaseName(databaseUrl);
  if (!name.includes('test')) {
    throw new Error(`Refusing to run integration tests against database "${name}": its name must contain "test".`);
  }
}

/** A NATS prefix of the run's own, one per suite, so suites sharing a run never read each other's streams. */
export function suitePrefix(suite: string): string {
  return `${testConfig().natsPrefix}_${suite}`;
}

/**
 * A database of the suite's own beside the run's (`<run's name>_<suffix>`), for a suite whose processes would otherwise
 * leave the run's database in a state the next suite trips over (a real service's positions in a consumer's checkpoint
 * where the next suite's stand-in producer numbers its events from 1), or that needs an older schema. `drop` removes it.
 */
export async function suiteDatabase(suffix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = new URL(testConfig().databaseUrl);
  url.pathname = `/${databaseName(url.toString())}_${suffix}`;
  await ensureDatabase(url.toString());
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new URL(url);
      admin.pathname = '/postgres';
      const client = new Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${databaseName(url.toString())}" WITH (FORCE)`);
      await client.end();
    },
  };
}
