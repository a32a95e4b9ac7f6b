import { DataSource, DataSourceOptions } from 'typeorm';
import { ensureSchema, serviceDataSourceOptions } from '@fodmap/server';
import { testConfig } from './test-environment';

/** A DataSource on a schema of the run's database, migrated like a service's at start-up. */
export async function openSchema(
  schema: string,
  entities: NonNullable<DataSourceOptions['entities']>,
  migrations: NonNullable<DataSourceOptions['migrations']>,
): Promise<DataSource> {
  const { databaseUrl } = testConfig();
  await ensureSchema(databaseUrl, schema);
  return new DataSource(serviceDataSourceOptions(databaseUrl, schema, entities, migrations)).initialize();
}

/** Polls until `check` stops throwing; its last error explains a timeout. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
