import { loadConfig, ServerConfig } from '@fodmap/server';

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
