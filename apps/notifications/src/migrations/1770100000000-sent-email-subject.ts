import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: a person's export lists the emails sent to them with their subjects, so a sent email keeps its subject;
 * one sent before has none. The index serves the export's pages of one person's emails, oldest first.
 */
export class SentEmailSubject1770100000000 implements MigrationInterface {
  name = 'SentEmailSubject1770100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notifications.sent_emails ADD COLUMN subject text');
    await queryRunner.query('CREATE INDEX sent_emails_user_sent_at ON notifications.sent_emails (user_id, sent_at, event_id) WHERE user_id IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX notifications.sent_emails_user_sent_at');
    await queryRunner.query('ALTER TABLE notifications.sent_emails DROP COLUMN subject');
  }
}
