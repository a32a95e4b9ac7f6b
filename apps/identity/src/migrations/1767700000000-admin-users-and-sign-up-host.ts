import { DEFAULT_HOST } from '@fodmap/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admins become a list of addresses (issue 9): whoever's email is an ACTIVE admin user is an admin, so admin access
 * can be granted before the person has an account and revoked without touching it. The old users.is_admin flag is
 * carried over (each true one becomes an active admin user) and dropped. Users also keep the host they signed up on:
 * their emails carry that domain's branding.
 */
export class AdminUsersAndSignUpHost1767700000000 implements MigrationInterface {
  name = 'AdminUsersAndSignUpHost1767700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.admin_users (
        id serial PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        first_name text NOT NULL,
        last_name text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      INSERT INTO identity.admin_users (email, first_name, last_name, created_at)
      SELECT email, first_name, last_name, created_at FROM identity.users WHERE is_admin ORDER BY id`);
    await queryRunner.query('ALTER TABLE identity.users DROP COLUMN is_admin');
    await queryRunner.query(`ALTER TABLE identity.users ADD COLUMN host text NOT NULL DEFAULT '${DEFAULT_HOST}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE identity.users DROP COLUMN host');
    await queryRunner.query('ALTER TABLE identity.users ADD COLUMN is_admin boolean NOT NULL DEFAULT false');
    await queryRunner.query('UPDATE identity.users u SET is_admin = true FROM identity.admin_users a WHERE a.email = u.email AND a.is_active');
    await queryRunner.query('DROP TABLE identity.admin_users');
  }
}
