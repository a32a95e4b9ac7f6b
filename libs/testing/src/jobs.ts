import { jobQueueSchema } from '@fodmap/server';
import { DataSource } from 'typeorm';

export interface QueuedJob {
  id: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  /** Whether it waits for a backoff (or, once dead, would have). */
  due_later: boolean;
}

/** The job with this key in a service's queue (none once done), as `jobs.js list` reads it. */
export function jobByKey(dataSource: DataSource, service: string, key: string): Promise<QueuedJob[]> {
  return dataSource.query(`SELECT id, attempts, max_attempts, last_error, run_at > now() AS due_later FROM ${jobQueueSchema(service)}.jobs WHERE key = $1`, [key]);
}

/**
 * Lets the time pass that graphile-worker waits for: the job's backoff, or the 4 hours after which its sweep (every 8-10
 * minutes in each running worker) takes a locked job's worker for dead and unlocks it. The job is then due now.
 */
export function letJobTimePass(dataSource: DataSource, service: string, key: string): Promise<unknown> {
  return dataSource.query(`UPDATE ${jobQueueSchema(service)}._private_jobs SET run_at = now(), locked_at = NULL, locked_by = NULL WHERE key = $1`, [key]);
}
