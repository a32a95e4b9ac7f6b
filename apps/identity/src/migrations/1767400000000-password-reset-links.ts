import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reset's token is issued when its email is sent (identity.password.reset-link), not when it is requested, so
 * that the token never sits in an event: until then the row has no hash, and it keeps the origin its link points at.
 */
export class PasswordResetLinks1767400000000 implements MigrationInterface {
  name = 'PasswordResetLinks1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE identity.password_reset_tokens ALTER COLUMN token_hash DROP NOT NULL');
    await queryRunner.query('ALTER TABLE identity.password_reset_tokens ADD COLUMN reset_base_url text');
    await queryRunner.query('ALTER TABLE identity.password_reset_tokens ADD COLUMN links_issued integer NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM identity.password_reset_tokens WHERE token_hash IS NULL');
    await queryRunner.query('ALTER TABLE identity.password_reset_tokens DROP COLUMN links_issued');
    await queryRunner.query('ALTER TABLE identity.password_reset_tokens DROP COLUMN reset_base_url');
    await queryRunner.query('ALTER TABLE identity.password_reset_tokens ALTER COLUMN token_hash SET NOT NULL');
  }
}
