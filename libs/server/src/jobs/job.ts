import { EntityManager } from 'typeorm';
import { z } from 'zod';
import { quoteIdentifier } from '../events/sql';
import { currentTraceparent, TRACEPARENT } from '../observability/tracing';

/**
 * A kind of work done after commit (an email, an AI request, a reminder): its name and the schema of its payload.
 * The definition is all an enqueuer needs; the handler is given to the service's JobWorker (see README.md).
 */
export interface JobDefinition<S extends z.ZodTypeAny = z.ZodTypeAny> {
  /** graphile-worker's task identifier: kebab-case, unique within the service. */
  name: string;
  payload: S;
  /** Runs before the job stays failed; graphile-worker waits exp(min(attempt, 10)) seconds between them. */
  maxAttempts: number;
}

export type JobPayload<J extends JobDefinition> = z.infer<J['payload']>;

export function defineJob<S extends z.ZodTypeAny>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** What a handler learns about the run besides its payload. */
export interface JobRun {
  id: string;
  /** This run's number, from 1: a run interrupted by a crash counts too. */
  attempt: number;
  maxAttempts: number;
}

export interface JobHandler<J extends JobDefinition = JobDefinition> {
  job: J;
  handle(payload: JobPayload<J>, run: JobRun): Promise<void>;
}

export function jobHandler<J extends JobDefinition>(job: J, handle: (payload: JobPayload<J>, run: JobRun) => Promise<void>): JobHandler<J> {
  return { job, handle };
}

/**
 * Thrown by a handler when no retry can help (a superseded reset link, an email interrupted twice after sending):
 * the job fails at once and for good, with this message as its last error, until someone retries it.
 */
export class JobCannotSucceedError extends Error {}

/** The PostgreSQL schema of a service's job queue: graphile-worker's tables, beside the service's own schema. */
export const jobQueueSchema = (service: string) => `${service}_jobs`;

export interface EnqueueOptions {
  /** At most one unfinished job per key: enqueueing a key that is waiting, running or failed adds nothing. */
  key: string;
  runAt?: Date;
}

/** The job queue schema of the service whose transaction `manager` belongs to. */
function queueOf(manager: EntityManager): string {
  const schema = 'schema' in manager.connection.options ? manager.connection.options.schema : undefined;
  if (!schema) throw new Error('The DataSource has no schema: the job queue is named after the service schema');
  return quoteIdentifier(jobQueueSchema(schema));
}

/**
 * The payload as stored: with tracing on, also the traceparent of the work that queued it, so the job's span (an email's
 * send) continues that trace. Handlers never see it: their schema strips what it does not name.
 */
function storedPayload(valid: unknown, traceparent = currentTraceparent()): string {
  const traced = traceparent && typeof valid === 'object' && valid !== null && !Array.isArray(valid) ? { ...valid, [TRACEPARENT]: traceparent } : valid;
  return JSON.stringify(traced);
}

/** The traceparent a stored payload carries (storedPayload), if any. */
export function traceparentOfPayload(payload: unknown): string | undefined {
  const value = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[TRACEPARENT] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Adds a job in the caller's transaction: it runs after that transaction commits, and never if it rolls back.
 * The payload is validated here, so a wrong one fails the enqueuer rather than the job. Returns whether a job was added
 * (false: one with this key is still waiting, running or failed).
 */
export async function enqueue<J extends JobDefinition>(manager: EntityManager, job: J, payload: JobPayload<J>, options: EnqueueOptions): Promise<boolean> {
  const valid: unknown = job.payload.parse(payload);
  const [added]: Array<{ revision: number }> = await manager.query(
    `SELECT revision FROM ${queueOf(manager)}.add_job($1, $2::json, run_at => $3, max_attempts => $4, job_key => $5, job_key_mode => 'unsafe_dedupe')`,
    [job.name, storedPayload(valid), options.runAt ?? null, job.maxAttempts, options.key],
  );
  return added.revision === 0;
}

/**
 * Adds many jobs of one kind in the caller's transaction, in one statement (a batch of 500 daily summaries is one
 * round trip, not 500), each as `enqueue` adds it. Returns how many were added.
 */
export async function enqueueMany<J extends JobDefinition>(manager: EntityManager, job: J, items: ReadonlyArray<{ payload: JobPayload<J>; key: string }>): Promise<number> {
  if (items.length === 0) return 0;
  const traceparent = currentTraceparent();
  const payloads = items.map(({ payload }) => storedPayload(job.payload.parse(payload), traceparent));
  const [{ added }]: Array<{ added: number }> = await manager.query(
    `SELECT count(*) FILTER (WHERE job.revision = 0)::integer AS added
     FROM unnest($1::json[], $2::text[]) WITH ORDINALITY AS item (payload, key, n),
          LATERAL ${queueOf(manager)}.add_job($3, item.payload, max_attempts => $4, job_key => item.key, job_key_mode => 'unsafe_dedupe') AS job`,
    [payloads, items.map(({ key }) => key), job.name, job.maxAttempts],
  );
  return added;
}

