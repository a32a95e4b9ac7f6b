import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: whether each recipient's address is proven (identity's EmailVerified). Everyone starts unproven, those who
 * signed up before this change included (docs/security.md 'Proven addresses'): their summaries pause until they confirm.
 */
export class ProvenAddresses1769100000000 implements MigrationInterface {
  name = 'ProvenAddresses1769100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notifications.recipients ADD COLUMN email_verified boolean NOT NULL DEFAULT false');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notifications.recipients DROP COLUMN email_verified');
  }
}
