import { DEFAULT_DOMAIN_CONFIG } from '@fodmap/contracts';
import { createEventStoreTables, dropEventStoreTables } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Users with their trial, password reset tokens, domain configs seeded with the 'default' host, and the events table. */
export class IdentitySchema1763780000000 implements MigrationInterface {
  name = 'IdentitySchema1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventStoreTables(queryRunner);
    await queryRunner.query(`
      CREATE TABLE identity.users (
        id serial PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        profile_image_url text,
        is_admin boolean NOT NULL DEFAULT false,
        email_notifications boolean,
        meal_notifications boolean,
        time_zone text NOT NULL DEFAULT 'UTC',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE identity.subscriptions (
        user_id integer PRIMARY KEY REFERENCES identity.users (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('trial', 'active', 'canceled')),
        ends_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE identity.password_reset_tokens (
        id uuid PRIMARY KEY,
        user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX password_reset_tokens_user_id ON identity.password_reset_tokens (user_id)`);
    await queryRunner.query(`
      CREATE TABLE identity.domain_configs (
        host text PRIMARY KEY CHECK (host = lower(host)),
        name text NOT NULL,
        display_name text NOT NULL,
        description text NOT NULL,
        primary_color text NOT NULL,
        secondary_color text NOT NULL,
        accent_color text NOT NULL,
        logo_text text NOT NULL,
        email_from text NOT NULL,
        support_email text NOT NULL,
        tagline text NOT NULL,
        custom_css text
      )`);
    const d = DEFAULT_DOMAIN_CONFIG;
    await queryRunner.query(
      `INSERT INTO identity.domain_configs
         (host, name, display_name, description, primary_color, secondary_color, accent_color, logo_text, email_from, support_email, tagline, custom_css)
       VALUES ('default', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [d.name, d.displayName, d.description, d.primaryColor, d.secondaryColor, d.accentColor, d.logoText, d.emailFrom, d.supportEmail, d.tagline, d.customCss ?? null],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE identity.domain_configs');
    await queryRunner.query('DROP TABLE identity.password_reset_tokens');
    await queryRunner.query('DROP TABLE identity.subscriptions');
    await queryRunner.query('DROP TABLE identity.users');
    await dropEventStoreTables(queryRunner);
  }
}
