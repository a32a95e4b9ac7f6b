import { DataSource } from 'typeorm';
import { quoteIdentifier, schemaOf } from '../events/sql';
import { jobQueueSchema } from './job';

export interface FailedJobRow {
  id: number;
  job: string;
  key: string | null;
  attempts: number;
  maxAttempts: number;
  /** false: still retried, next at runAt; true: no attempt left (or failed for good) until someone retries it. */
  dead: boolean;
  runAt: string;
  lastError: string;
}

export interface RetryOutcome {
  id: number;
  retried: boolean;
}

/** The jobs of a service's queue that failed at least once: listed, and run again from their first attempt. */
export class FailedJobs {
  private readonly queue: string;

  constructor(private readonly dataSource: DataSource) {
    this.queue = quoteIdentifier(jobQueueSchema(schemaOf(dataSource)));
  }

  async list(): Promise<FailedJobRow[]> {
    const rows: Array<{ id: string; task_identifier: string; key: string | null; attempts: number; max_attempts: number; run_at: Date; last_error: string }> =
      await this.dataSource.query(`SELECT id, task_identifier, key, attempts, max_attempts, run_at, last_error FROM ${this.queue}.jobs WHERE last_error IS NOT NULL ORDER BY id`);
    return rows.map((row) => ({
      id: Number(row.id),
      job: row.task_identifier,
      key: row.key,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      dead: row.attempts >= row.max_attempts,
      runAt: row.run_at.toISOString(),
      lastError: row.last_error,
    }));
  }

  /** Runs a failed job again now, with all its attempts; a job that is running (locked) is left alone. */
  async retry(id: number): Promise<RetryOutcome> {
    const rescheduled: unknown[] = await this.dataSource.query(
      `SELECT id FROM ${this.queue}.reschedule_jobs(ARRAY(SELECT id FROM ${this.queue}.jobs WHERE id = $1 AND last_error IS NOT NULL), run_at => now(), attempts => 0)`,
      [id],
    );
    return { id, retried: rescheduled.length > 0 };
  }

  async retryAll(): Promise<RetryOutcome[]> {
    const outcomes: RetryOutcome[] = [];
    for (const { id } of await this.list()) outcomes.push(await this.retry(id));
    return outcomes;
  }
}
