import { eventually, jobByKey, letJobTimePass, openSchema } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { z } from 'zod';
import { FailedJobs } from './failed-jobs';
import { installJobQueue } from './install';
import { defineJob, enqueue, JobCannotSucceedError, jobHandler, JobRun, jobQueueSchema } from './job';
import { JobWorker } from './job-worker';

const SERVICE = 'job_queue_test';

class InstallJobQueue1769000000000 implements MigrationInterface {
  name = 'InstallJobQueue1769000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    await installJobQueue(queryRunner, SERVICE);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA ${jobQueueSchema(SERVICE)} CASCADE`);
  }
}

/** A job that does what its payload says: succeeds, fails for a retry, or fails for good. */
const greetingJob = defineJob({ name: 'greeting', payload: z.object({ name: z.string().min(1), outcome: z.enum(['done', 'retry', 'never']) }), maxAttempts: 3 });

describe('the job queue', () => {
  let dataSource: DataSource;
  let worker: JobWorker;
  const runs: Array<{ name: string; run: JobRun }> = [];
  const job = (key: string) => jobByKey(dataSource, SERVICE, key);

  beforeAll(async () => {
    dataSource = await openSchema(SERVICE, [], [InstallJobQueue1769000000000]);
    const handler = jobHandler(greetingJob, async ({ name, outcome }, run) => {
      runs.push({ name, run });
      if (outcome === 'retry') throw new Error(`${name} is not in yet`);
      if (outcome === 'never') throw new JobCannotSucceedError(`${name} has left for good`);
    });
    worker = new JobWorker({ dataSource, handlers: [handler], concurrency: 2 });
  });

  afterAll(async () => {
    await worker?.close();
    await dataSource?.destroy();
  });

  it('runs a job once after the transaction that enqueued it commits, and never when it rolls back', async () => {
    const [kept, rolledBack] = [randomUUID(), randomUUID()];
    await expect(
      dataSource.transaction(async (manager) => {
        await enqueue(manager, greetingJob, { name: rolledBack, outcome: 'done' }, { key: rolledBack });
        throw new Error('the projection failed');
      }),
    ).rejects.toThrow('the projection failed');
    expect(await dataSource.transaction((manager) => enqueue(manager, greetingJob, { name: kept, outcome: 'done' }, { key: kept }))).toBe(true);
    expect(await dataSource.transaction((manager) => enqueue(manager, greetingJob, { name: kept, outcome: 'done' }, { key: kept }))).toBe(false);

    await worker.drain();
    expect(runs.filter(({ name }) => name === kept || name === rolledBack)).toEqual([{ name: kept, run: { id: expect.any(String), attempt: 1, maxAttempts: 3 } }]);
    expect(await job(kept)).toEqual([]);
  });

  it('refuses a payload that does not fit the job, in the enqueuer', async () => {
    await expect(dataSource.transaction((manager) => enqueue(manager, greetingJob, { name: '', outcome: 'done' }, { key: randomUUID() }))).rejects.toThrow(z.ZodError);
  });

  it('retries a failing job after a backoff, keeps it failed after its last attempt, and runs it again when retried', async () => {
    const key = randomUUID();
    await dataSource.transaction((manager) => enqueue(manager, greetingJob, { name: key, outcome: 'retry' }, { key }));
    await worker.drain();
    expect(await job(key)).toEqual([{ id: expect.any(String), attempts: 1, max_attempts: 3, last_error: `${key} is not in yet`, due_later: true }]);
    await worker.drain();
    expect((await job(key))[0].attempts).toBe(1);
    for (const attempt of [2, 3]) {
      await letJobTimePass(dataSource, SERVICE, key);
      await worker.drain();
      expect((await job(key))[0].attempts).toBe(attempt);
    }
    await letJobTimePass(dataSource, SERVICE, key);
    await worker.drain();
    expect(runs.filter(({ name }) => name === key).map(({ run }) => run.attempt)).toEqual([1, 2, 3]);

    const failed = new FailedJobs(dataSource);
    const [listed] = (await failed.list()).filter((row) => row.key === key);
    expect(listed).toEqual({ id: expect.any(Number), job: 'greeting', key, attempts: 3, maxAttempts: 3, dead: true, runAt: expect.any(String), lastError: `${key} is not in yet` });
    expect(await failed.retry(listed.id)).toEqual({ id: listed.id, retried: true });
    await worker.drain();
    expect(runs.filter(({ name }) => name === key).map(({ run }) => run.attempt)).toEqual([1, 2, 3, 1]);
    expect(await failed.retry(999_999)).toEqual({ id: 999_999, retried: false });
  });

  it('fails a job that cannot succeed at once and for good, with why', async () => {
    const key = randomUUID();
    await dataSource.transaction((manager) => enqueue(manager, greetingJob, { name: key, outcome: 'never' }, { key }));
    await worker.drain();
    await eventually(async () => expect(await job(key)).toEqual([{ id: expect.any(String), attempts: 3, max_attempts: 3, last_error: `${key} has left for good`, due_later: true }]));
    await letJobTimePass(dataSource, SERVICE, key);
    await worker.drain();
    expect(runs.filter(({ name }) => name === key)).toHaveLength(1);
  });
});
