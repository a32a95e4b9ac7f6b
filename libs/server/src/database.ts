import { Client } from 'pg';
import { DataSource, DataSourceOptions, Migration } from 'typeorm';
import { DatabaseLogger } from './observability/database-logger';

type EntityOrMigration = NonNullable<DataSourceOptions['entities']>;

function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe identifier: ${name}`);
  return `"${name}"`;
}

/** Creates the database named in the URL when it is missing (architecture rule 7). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdentifier(name)}`);
      } catch (error) {
        // Another service created it at the same moment.
        if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

export async function ensureSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

/** TypeORM options for a service that owns one schema; its migrations run at start-up. */
export function serviceDataSourceOptions(
  databaseUrl: string,
  schema: string,
  entities: EntityOrMigration,
  migrations: NonNullable<DataSourceOptions['migrations']>,
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    schema,
    entities,
    migrations,
    migrationsRun: true,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: ['error'],
    logger: new DatabaseLogger(['error']),
    extra: { max: 10 },
  };
}

/**
 * A service's DataSource: its migrations run under a PostgreSQL advisory lock of its schema. Replicas starting at once
 * (a Deployment scaled up, a rollout) would otherwise all find the same migrations pending and run them together,
 * the second failing on a table the first had just made; with the lock the others wait, then find nothing to do.
 */
export class ServiceDataSource extends DataSource {
  override async runMigrations(options?: Parameters<DataSource['runMigrations']>[0]): Promise<Migration[]> {
    const lock = this.createQueryRunner();
    const key = [`${String(this.driver.schema ?? 'public')}.migrations`];
    try {
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', key);
      return await super.runMigrations(options);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', key).catch(() => undefined);
      await lock.release();
    }
  }
}
