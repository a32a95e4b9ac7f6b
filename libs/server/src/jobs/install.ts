import { runMigrations } from 'graphile-worker';
import { QueryRunner } from 'typeorm';
import { jobQueueSchema } from './job';
import { quietLogger } from './worker-logger';

/**
 * Installs or upgrades graphile-worker's tables in the service's job queue schema. Called from the service's
 * migrations (so a fresh start and every test database get them before a migration enqueues) and again by the worker
 * at start. It runs on a connection of its own: graphile-worker commits its migrations itself, under its own lock.
 */
export async function installJobQueue(queryRunner: QueryRunner, service: string): Promise<void> {
  const options = queryRunner.connection.options;
  const connectionString = 'url' in options ? options.url : undefined;
  if (!connectionString) throw new Error('The DataSource has no url: the job queue installs over a connection of its own');
  await runMigrations({ connectionString, schema: jobQueueSchema(service), logger: quietLogger('JobQueue') });
}
