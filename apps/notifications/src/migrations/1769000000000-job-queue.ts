import { installJobQueue } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The send-email job's payload, built from an outbox row (o) as EmailSender reads it. */
const EMAIL_PAYLOAD = `json_build_object('eventId', o.event_id, 'emailType', o.email_type, 'userId', o.user_id, 'to', o.recipient, 'template', o.template,
  'context', o.context, 'correlationId', o.correlation_id, 'advertiserId', o.advertiser_id)`;

/**
 * Issue 19: every email is a job of the one queue (graphile-worker, schema notifications_jobs) instead of a row of the
 * email outbox, and the meal email a job enqueued by journal_digest instead of the meal_emails consumer.
 * - Each outbox row becomes a send-email job with its key, due when the row was: pending as it was; one being sent (the
 *   send may have happened) marked begun in email_sending, so that it goes again at most once; failed and dropped
 *   ones failed jobs with their error, listed and retried by `jobs.js`.
 * - meal_emails' checkpoints go (its durable consumer is deleted at start); its dead letters, meal emails that never
 *   went, become meal-email jobs.
 */
export class JobQueue1769000000000 implements MigrationInterface {
  name = 'JobQueue1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await installJobQueue(queryRunner, 'notifications');
    await queryRunner.query(`
      CREATE TABLE notifications.email_sending (
        event_id text PRIMARY KEY,
        interruptions integer NOT NULL DEFAULT 0,
        began_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      SELECT notifications_jobs.add_job('send-email', ${EMAIL_PAYLOAD}, run_at => o.next_attempt_at, max_attempts => 8, job_key => o.event_id, job_key_mode => 'unsafe_dedupe')
      FROM notifications.email_outbox o ORDER BY o.id`);
    await queryRunner.query(`INSERT INTO notifications.email_sending (event_id) SELECT event_id FROM notifications.email_outbox WHERE status = 'sending'`);
    await queryRunner.query(`
      SELECT notifications_jobs.permanently_fail_jobs(ARRAY[j.id], coalesce(o.last_error, o.status))
      FROM notifications.email_outbox o JOIN notifications_jobs.jobs j ON j.key = o.event_id
      WHERE o.status IN ('failed', 'dropped')`);
    await queryRunner.query(`
      SELECT notifications_jobs.add_job('meal-email',
        json_build_object('eventId', d.event_id, 'mealId', (d.body::jsonb #>> '{data,mealId}')::integer, 'userId', (d.body::jsonb #>> '{data,userId}')::integer,
                          'correlationId', d.body::jsonb #>> '{metadata,correlationId}'),
        max_attempts => 8, job_key => 'meal-email:' || d.event_id, job_key_mode => 'unsafe_dedupe')
      FROM notifications.dead_letters d WHERE d.projection = 'meal_emails' AND d.type = 'MealCompleted' AND d.event_id IS NOT NULL ORDER BY d.id`);
    await queryRunner.query(`DELETE FROM notifications.dead_letters WHERE projection = 'meal_emails'`);
    await queryRunner.query(`DELETE FROM notifications.projection_checkpoints WHERE projection = 'meal_emails'`);
    await queryRunner.query('DROP TABLE notifications.email_outbox');
  }

  /** Back to the outbox: the send-email jobs not yet done become its pending rows (the meal_emails consumer starts from its stream's start). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notifications.email_outbox (
        id bigserial PRIMARY KEY,
        event_id text NOT NULL UNIQUE,
        email_type text NOT NULL,
        user_id integer,
        recipient text NOT NULL,
        template text NOT NULL,
        context jsonb NOT NULL,
        correlation_id text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'failed', 'dropped')),
        attempts integer NOT NULL DEFAULT 0,
        resent_after_crash boolean NOT NULL DEFAULT false,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        advertiser_id integer
      )`);
    await queryRunner.query('CREATE INDEX email_outbox_due ON notifications.email_outbox (next_attempt_at) WHERE status IN (\'pending\', \'sending\')');
    await queryRunner.query(`
      INSERT INTO notifications.email_outbox (event_id, email_type, user_id, recipient, template, context, correlation_id, advertiser_id, status, last_error)
      SELECT p.payload->>'eventId', p.payload->>'emailType', (p.payload->>'userId')::integer, p.payload->>'to', p.payload->>'template', p.payload->'context',
             p.payload->>'correlationId', (p.payload->>'advertiserId')::integer,
             CASE WHEN j.attempts >= j.max_attempts THEN 'failed' ELSE 'pending' END, j.last_error
      FROM notifications_jobs.jobs j JOIN notifications_jobs._private_jobs p ON p.id = j.id
      WHERE j.task_identifier = 'send-email' ORDER BY j.id
      ON CONFLICT (event_id) DO NOTHING`);
    await queryRunner.query(`SELECT notifications_jobs.remove_job(key) FROM notifications_jobs.jobs WHERE task_identifier = 'send-email' AND locked_at IS NULL`);
    await queryRunner.query('DROP TABLE notifications.email_sending');
  }
}
