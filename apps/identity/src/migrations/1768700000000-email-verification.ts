import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: the links of confirmation emails, kept like password reset links (hashed token issued when the email goes
 * out, single use, 24 hours), and each admin entry's account: bound when an account proves the entry's address, so admin
 * rights rest on that account's id, not on whichever account holds the address. Existing entries start unbound: their
 * admins confirm their address (no account is proven before this change) to keep their rights.
 */
export class EmailVerification1768700000000 implements MigrationInterface {
  name = 'EmailVerification1768700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.email_verification_tokens (
        id uuid PRIMARY KEY,
        user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        token_hash text UNIQUE,
        verify_base_url text,
        links_issued integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX email_verification_tokens_user ON identity.email_verification_tokens (user_id)');
    await queryRunner.query('ALTER TABLE identity.admin_users ADD COLUMN user_id integer UNIQUE');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE identity.admin_users DROP COLUMN user_id');
    await queryRunner.query('DROP TABLE identity.email_verification_tokens');
  }
}
