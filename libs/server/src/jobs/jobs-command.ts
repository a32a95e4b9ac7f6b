import { ServiceSchema, withServiceDatabase } from '../service-command';
import { FailedJobs } from './failed-jobs';

const USAGE = 'Usage: jobs.js list | retry <id> | retry-all';

/**
 * The body of a service's `jobs.js`: `node apps/<service>/dist/jobs.js list|retry <id>|retry-all`, the shape of
 * dead-letters.js. Lists the jobs that failed (dead or still retried) as JSON; a retry sets a job due now with all its
 * attempts, and the running service does it. The exit code is 1 when a job was not retried (unknown, or running).
 */
export async function runJobsCommand(options: ServiceSchema, args: string[]): Promise<number> {
  const [command, id] = args;
  if (command !== 'list' && command !== 'retry-all' && !(command === 'retry' && /^\d+$/.test(id ?? ''))) {
    console.error(USAGE);
    return 1;
  }
  return withServiceDatabase(options, ['postgres'], async (dataSource) => {
    const jobs = new FailedJobs(dataSource);
    if (command === 'list') {
      console.log(JSON.stringify(await jobs.list(), null, 2));
      return 0;
    }
    const outcomes = command === 'retry' ? [await jobs.retry(Number(id))] : await jobs.retryAll();
    console.log(JSON.stringify(outcomes, null, 2));
    return outcomes.every((outcome) => outcome.retried) ? 0 : 1;
  });
}
