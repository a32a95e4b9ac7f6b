import { DataSource, DataSourceOptions } from 'typeorm';
import { loadConfig } from '../config';
import { ensureDatabase, ensureSchema, serviceDataSourceOptions } from '../database';
import { requireDependencies } from '../preflight';
import { FailedJobs } from './failed-jobs';

export interface JobsCommandOptions {
  service: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
}

const USAGE = 'Usage: jobs.js list | retry <id> | retry-all';

/**
 * The body of a service's `jobs.js`: `node apps/<service>/dist/jobs.js list|retry <id>|retry-all`, the shape of
 * dead-letters.js. Lists the jobs that failed (dead or still retried) as JSON; a retry sets a job due now with all its
 * attempts, and the running service does it. The exit code is 1 when a job was not retried (unknown, or running).
 */
export async function runJobsCommand(options: JobsCommandOptions, args: string[]): Promise<number> {
  const [command, id] = args;
  if (command !== 'list' && command !== 'retry-all' && !(command === 'retry' && /^\d+$/.test(id ?? ''))) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  await requireDependencies(config, ['postgres']);
  await ensureDatabase(config.databaseUrl);
  await ensureSchema(config.databaseUrl, options.service);
  const dataSource = await new DataSource(serviceDataSourceOptions(config.databaseUrl, options.service, options.entities, options.migrations)).initialize();
  try {
    const jobs = new FailedJobs(dataSource);
    if (command === 'list') {
      console.log(JSON.stringify(await jobs.list(), null, 2));
      return 0;
    }
    const outcomes = command === 'retry' ? [await jobs.retry(Number(id))] : await jobs.retryAll();
    console.log(JSON.stringify(outcomes, null, 2));
    return outcomes.every((outcome) => outcome.retried) ? 0 : 1;
  } finally {
    await dataSource.destroy();
  }
}
