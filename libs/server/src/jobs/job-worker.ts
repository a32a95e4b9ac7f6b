import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, JobHelpers, run, Runner, runOnce, RunnerOptions, TaskList, WorkerEvents } from 'graphile-worker';
import { EventEmitter } from 'node:events';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { databaseUrlOf, errorMessage, quoteIdentifier, schemaOf } from '../events/sql';
import { jobQueueDepth, jobQueueFailed, jobQueueOldestAge, onScrape } from '../observability/metrics';
import { contextOf, inSpan, SpanKind } from '../observability/tracing';
import { JobCannotSucceedError, JobHandler, jobQueueSchema, traceparentOfPayload } from './job';
import { quietLogger } from './worker-logger';

/** What graphile-worker sets process.exitCode to when it shuts down on a breaking migration it heard of. */
const GRAPHILE_MIGRATION_EXIT_CODE = 57;
const RESTART_DELAY_MS = 1_000;

export interface JobWorkerOptions {
  dataSource: DataSource;
  handlers: JobHandler[];
  /** Jobs run side by side in this process; several processes share the queue (each job is locked by one). */
  concurrency: number;
  /** How often it looks for due retries; a commit that adds a job wakes it at once (LISTEN/NOTIFY). */
  pollIntervalMs?: number;
}

/**
 * Runs a service's jobs with graphile-worker: after the transaction that added them commits, `concurrency` at a time,
 * retried with exponential backoff until their maxAttempts, then kept as failed with their last error (see the jobs
 * command). A JobCannotSucceedError fails its job at once and for good. A process that dies mid-job leaves it locked;
 * graphile-worker runs it again once the lock is 4 hours old (handlers that must not repeat a side effect, like
 * sending an email, record that they began it: see EmailSender). Provided in a Nest module, it starts once the
 * application is up and stops (finishing the jobs it holds) before PostgreSQL closes.
 */
export class JobWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobWorker');
  private readonly schema: string;
  private readonly pool: Pool;
  private readonly events: WorkerEvents = new EventEmitter();
  private runner: Runner | null = null;
  private stopped = false;
  private stopReporting: (() => void) | null = null;

  constructor(private readonly options: JobWorkerOptions) {
    this.schema = jobQueueSchema(schemaOf(options.dataSource));
    this.pool = new Pool({ connectionString: databaseUrlOf(options.dataSource), max: options.concurrency + 2 });
    this.pool.on('error', (error) => this.logger.warn(`A job queue connection failed: ${error.message}`));
    this.events.on('job:complete', ({ job, error }) => {
      if (error instanceof JobCannotSucceedError) void this.failForGood(job, error.message);
    });
  }

  onApplicationBootstrap(): Promise<void> {
    return this.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  async start(): Promise<void> {
    if (this.runner) return;
    this.stopped = false;
    const runner = await run({ ...this.runnerOptions(), concurrency: this.options.concurrency });
    this.runner = runner;
    this.stopReporting ??= onScrape(() => this.reportQueue());
    void runner.promise.then(
      () => this.startAgain(runner),
      (error: unknown) => this.startAgain(runner, error),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopReporting?.();
    this.stopReporting = null;
    const runner = this.runner;
    this.runner = null;
    await runner?.stop();
  }

  /**
   * graphile-worker announces a breaking migration on one channel for the whole database ('worker:migrate'), not per
   * schema, and every runner that hears it shuts down and sets process.exitCode 57. The services share a database with
   * a jobs schema each, so a service installing its queue stopped the others' runners (their emails stopped, at random,
   * on a fresh start). A runner that stops without being asked starts again: `run` checks this schema's own migrations
   * first and refuses, as it should, when they are newer than this version of graphile-worker knows.
   */
  private startAgain(runner: Runner, error?: unknown): void {
    if (this.stopped || this.runner !== runner) return;
    this.runner = null;
    if (process.exitCode === GRAPHILE_MIGRATION_EXIT_CODE) process.exitCode = undefined;
    this.logger.warn(`The job runner stopped by itself (${error ? errorMessage(error) : 'a migration announced in this database'}); starting it again`);
    setTimeout(() => {
      if (this.stopped) return;
      this.start().catch((startError: unknown) => {
        this.logger.error(`The job runner could not start again: ${errorMessage(startError)}`);
        process.exitCode = 1;
      });
    }, RESTART_DELAY_MS);
  }

  /** Sets the queue's gauges (for a scrape): jobs due or running with attempts left, the oldest one waiting, the failed. */
  private async reportQueue(): Promise<void> {
    const [queue]: Array<{ depth: number; oldest_seconds: number | null; failed: number }> = await this.pool.query(
      `SELECT count(*) FILTER (WHERE attempts < max_attempts AND (run_at <= now() OR locked_at IS NOT NULL))::integer AS depth,
              extract(epoch FROM now() - min(run_at) FILTER (WHERE attempts < max_attempts AND locked_at IS NULL AND run_at <= now()))::float8 AS oldest_seconds,
              count(*) FILTER (WHERE attempts >= max_attempts)::integer AS failed
       FROM ${quoteIdentifier(this.schema)}.jobs`,
    ).then((result) => result.rows);
    jobQueueDepth.set({ queue: this.schema }, queue.depth);
    jobQueueOldestAge.set({ queue: this.schema }, Math.max(0, queue.oldest_seconds ?? 0));
    jobQueueFailed.set({ queue: this.schema }, queue.failed);
  }

  /** Runs every job that is due now, one at a time, and returns once none is: for tests and commands. */
  async drain(): Promise<void> {
    await runOnce(this.runnerOptions());
  }

  async close(): Promise<void> {
    await this.stop();
    await this.pool.end();
  }

  private runnerOptions(): RunnerOptions {
    return {
      pgPool: this.pool,
      schema: this.schema,
      noHandleSignals: true,
      pollInterval: this.options.pollIntervalMs ?? 1_000,
      logger: quietLogger('JobWorker'),
      events: this.events,
      taskList: this.taskList(),
    };
  }

  private taskList(): TaskList {
    return Object.fromEntries(
      this.options.handlers.map(({ job, handle }) => [
        job.name,
        async (payload: unknown, helpers: JobHelpers) => {
          const parsed = job.payload.safeParse(payload);
          if (!parsed.success) throw new JobCannotSucceedError(`Its payload does not fit ${job.name}: ${parsed.error.message}`);
          const run = { id: helpers.job.id, attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts };
          // With tracing on, the job (an email's send) continues the trace of the work that queued it.
          await inSpan(`job ${job.name}`, SpanKind.CONSUMER, contextOf(traceparentOfPayload(payload)), { 'fodmap.job': job.name, 'fodmap.job.attempt': run.attempt }, () =>
            handle(parsed.data, run),
          );
        },
      ]),
    );
  }

  /** After graphile-worker has recorded the failure and unlocked the job: no attempt is left, so it is never picked again. */
  private async failForGood(job: Job, reason: string): Promise<void> {
    try {
      await this.pool.query(`SELECT FROM ${quoteIdentifier(this.schema)}.permanently_fail_jobs(ARRAY[$1::bigint], $2)`, [job.id, reason]);
    } catch (error) {
      this.logger.error(`Job ${job.id} (${job.task_identifier}) could not be marked failed for good, it will be retried: ${errorMessage(error)}`);
    }
  }
}
