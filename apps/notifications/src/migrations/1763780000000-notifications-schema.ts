import { createProjectionTables, dropProjectionTables } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The emails sent, and the checkpoints and dead letters of the consumers that send them. */
export class NotificationsSchema1763780000000 implements MigrationInterface {
  name = 'NotificationsSchema1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createProjectionTables(queryRunner);
    await queryRunner.query(`
      CREATE TABLE notifications.sent_emails (
        event_id text PRIMARY KEY,
        email_type text NOT NULL,
        user_id integer,
        recipient text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX sent_emails_type_sent_at ON notifications.sent_emails (email_type, sent_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notifications.sent_emails');
    await dropProjectionTables(queryRunner);
  }
}
