import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset links and confirmation links were two tables of the same columns; they become one, each row with its
 * purpose (which is also the web page its link opens), so one code path issues and redeems both. The requests whose
 * link still works (unused, unexpired) move across with their ids, hashes and counts, so a link in a mailbox keeps
 * working; used and expired ones open nothing and are dropped with the old tables.
 */
export class EmailLinkTokens1769600000000 implements MigrationInterface {
  name = 'EmailLinkTokens1769600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE identity.email_link_tokens (
        id uuid PRIMARY KEY,
        user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
        token_hash text UNIQUE,
        base_url text,
        links_issued integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX email_link_tokens_user ON identity.email_link_tokens (user_id, purpose)');
    for (const [table, purpose, baseUrl] of OLD_TABLES) {
      await queryRunner.query(`
        INSERT INTO identity.email_link_tokens (id, user_id, purpose, token_hash, base_url, links_issued, expires_at, used_at, created_at)
        SELECT id, user_id, '${purpose}', token_hash, ${baseUrl}, links_issued, expires_at, used_at, created_at
        FROM identity.${table} WHERE used_at IS NULL AND expires_at > now()`);
      await queryRunner.query(`DROP TABLE identity.${table}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, purpose, baseUrl, userIndex] of OLD_TABLES) {
      await queryRunner.query(`
        CREATE TABLE identity.${table} (
          id uuid PRIMARY KEY,
          user_id integer NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
          token_hash text UNIQUE,
          ${baseUrl} text,
          links_issued integer NOT NULL DEFAULT 0,
          expires_at timestamptz NOT NULL,
          used_at timestamptz,
          created_at timestamptz NOT NULL DEFAULT now()
        )`);
      await queryRunner.query(`CREATE INDEX ${userIndex} ON identity.${table} (user_id)`);
      await queryRunner.query(`
        INSERT INTO identity.${table} (id, user_id, token_hash, ${baseUrl}, links_issued, expires_at, used_at, created_at)
        SELECT id, user_id, token_hash, base_url, links_issued, expires_at, used_at, created_at
        FROM identity.email_link_tokens WHERE purpose = '${purpose}' AND used_at IS NULL AND expires_at > now()`);
    }
    await queryRunner.query('DROP TABLE identity.email_link_tokens');
  }
}

/** Each old table, the purpose its rows had, its column of the link's base URL and its index of the user. */
const OLD_TABLES = [
  ['password_reset_tokens', 'reset-password', 'reset_base_url', 'password_reset_tokens_user_id'],
  ['email_verification_tokens', 'verify-email', 'verify_base_url', 'email_verification_tokens_user'],
] as const;
