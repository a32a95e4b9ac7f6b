import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: daily email caps. email_allowances holds one row per counter (a recipient address, a person's meal emails)
 * with the day it counts and how many were sent that day, so it stays one row per address and person however long the
 * service runs. skipped_emails records each email a cap held back: its job ends there, and a redelivery sends nothing.
 */
export class EmailCaps1770200000000 implements MigrationInterface {
  name = 'EmailCaps1770200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE notifications.email_allowances (counter text PRIMARY KEY, day date NOT NULL, sent integer NOT NULL)');
    await queryRunner.query(`
      CREATE TABLE notifications.skipped_emails (
        event_id text PRIMARY KEY,
        email_type text NOT NULL,
        user_id integer,
        recipient text NOT NULL,
        reason text NOT NULL,
        skipped_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notifications.skipped_emails');
    await queryRunner.query('DROP TABLE notifications.email_allowances');
  }
}
