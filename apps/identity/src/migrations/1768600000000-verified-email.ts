import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: an address is proven by opening the link emailed to it. Accounts made before this change were never asked
 * to prove theirs, and nothing shows that their owner registered them: they start unverified like a new account (see
 * docs/security.md 'Proven addresses'), so no admin right or email rests on an address no one has proven.
 */
export class VerifiedEmail1768600000000 implements MigrationInterface {
  name = 'VerifiedEmail1768600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE identity.users ADD COLUMN email_verified_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE identity.users DROP COLUMN email_verified_at');
  }
}
