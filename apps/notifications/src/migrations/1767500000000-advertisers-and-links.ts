import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9, delivery side: the sponsored advertisers (soft-deleted, so their statistics keep a name), the clicks on
 * their calls-to-action (nothing personal), which advertiser each email carried, and the one-tap symptom links already
 * used (a link logs its symptom once).
 */
export class AdvertisersAndLinks1767500000000 implements MigrationInterface {
  name = 'AdvertisersAndLinks1767500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notifications.advertisers (
        id serial PRIMARY KEY,
        name text NOT NULL,
        product_name text NOT NULL,
        description text NOT NULL,
        cta_text text NOT NULL,
        cta_link text NOT NULL,
        sponsor_message text,
        disclaimer_text text,
        is_active boolean NOT NULL DEFAULT true,
        priority integer NOT NULL DEFAULT 1 CHECK (priority BETWEEN 1 AND 100),
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE notifications.sponsored_clicks (
        id bigserial PRIMARY KEY,
        advertiser_id integer NOT NULL REFERENCES notifications.advertisers (id),
        clicked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX sponsored_clicks_advertiser ON notifications.sponsored_clicks (advertiser_id)');
    await queryRunner.query(`
      CREATE TABLE notifications.symptom_link_uses (
        token_id text PRIMARY KEY,
        user_id integer NOT NULL,
        symptom_id integer,
        used_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('ALTER TABLE notifications.email_outbox ADD COLUMN advertiser_id integer');
    await queryRunner.query('ALTER TABLE notifications.sent_emails ADD COLUMN advertiser_id integer');
    await queryRunner.query('CREATE INDEX sent_emails_advertiser ON notifications.sent_emails (advertiser_id) WHERE advertiser_id IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE notifications.sent_emails DROP COLUMN advertiser_id');
    await queryRunner.query('ALTER TABLE notifications.email_outbox DROP COLUMN advertiser_id');
    await queryRunner.query('DROP TABLE notifications.symptom_link_uses');
    await queryRunner.query('DROP TABLE notifications.sponsored_clicks');
    await queryRunner.query('DROP TABLE notifications.advertisers');
  }
}
