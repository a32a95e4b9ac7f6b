import { DataSource, DataSourceOptions } from 'typeorm';
import { loadConfig, ServerConfig } from './config';
import { ensureDatabase, ensureSchema, ServiceDataSource, serviceDataSourceOptions } from './database';
import { requireDependencies } from './preflight';

/** What an operator's command of a service (rebuild.js, dead-letters.js, jobs.js) needs of its schema. */
export interface ServiceSchema {
  service: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
}

/**
 * Runs an operator's command against the service's own schema, as the service itself would find it: the dependencies
 * it names are checked first (a clear line when one is down), the database and schema made if missing, the migrations
 * run, and the connection closed however the command ends.
 */
export async function withServiceDatabase<T>(
  schema: ServiceSchema,
  needs: Array<'postgres' | 'nats'>,
  command: (dataSource: DataSource, config: ServerConfig) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  await requireDependencies(config, needs);
  await ensureDatabase(config.databaseUrl);
  await ensureSchema(config.databaseUrl, schema.service);
  const dataSource = await new ServiceDataSource(serviceDataSourceOptions(config.databaseUrl, schema.service, schema.entities, schema.migrations)).initialize();
  try {
    return await command(dataSource, config);
  } finally {
    await dataSource.destroy();
  }
}
