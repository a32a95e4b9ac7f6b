import { addCheckpointStreamSequence } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Emails to send, recorded in the consumer's transaction and sent after it commits (EmailOutbox). A row leaves the
 * outbox for sent_emails once its email is out; what stays is pending, being sent, failed or dropped, with why.
 * Also gives the consumers' checkpoints the stream sequence they resume from.
 */
export class EmailOutbox1767400000000 implements MigrationInterface {
  name = 'EmailOutbox1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addCheckpointStreamSequence(queryRunner);
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
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX email_outbox_due ON notifications.email_outbox (next_attempt_at) WHERE status IN (\'pending\', \'sending\')');
    await queryRunner.query('ALTER TABLE notifications.sent_emails ADD COLUMN correlation_id text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notifications.sent_emails DROP COLUMN correlation_id');
    await queryRunner.query('DROP TABLE notifications.email_outbox');
  }
}
