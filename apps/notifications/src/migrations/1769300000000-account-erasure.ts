import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20: an erased person's sent emails still count in the statistics, naming no one. */
export class AccountErasure1769300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notifications.sent_emails ALTER COLUMN recipient DROP NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE notifications.sent_emails SET recipient = '' WHERE recipient IS NULL`);
    await queryRunner.query('ALTER TABLE notifications.sent_emails ALTER COLUMN recipient SET NOT NULL');
  }
}
