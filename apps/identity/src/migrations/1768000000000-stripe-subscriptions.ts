import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscriptions paid through Stripe (issue 11): the row keeps the person's Stripe customer and subscription, and the
 * `created` time of the last Stripe event applied, so an older event delivered late never moves the state backwards.
 * Stripe delivers an event at least once: the ids already applied are kept, and a replay changes nothing.
 */
export class StripeSubscriptions1768000000000 implements MigrationInterface {
  name = 'StripeSubscriptions1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE identity.subscriptions DROP CONSTRAINT subscriptions_status_check');
    await queryRunner.query(`
      ALTER TABLE identity.subscriptions
        ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('trial', 'active', 'past_due', 'canceled', 'expired')),
        ADD COLUMN stripe_customer_id text UNIQUE,
        ADD COLUMN stripe_subscription_id text UNIQUE,
        ADD COLUMN stripe_changed_at timestamptz`);
    await queryRunner.query(`
      CREATE TABLE identity.stripe_events (
        id text PRIMARY KEY,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE identity.stripe_events');
    await queryRunner.query(`UPDATE identity.subscriptions SET status = 'canceled' WHERE status IN ('past_due', 'expired')`);
    await queryRunner.query(`
      ALTER TABLE identity.subscriptions
        DROP COLUMN stripe_changed_at,
        DROP COLUMN stripe_subscription_id,
        DROP COLUMN stripe_customer_id,
        DROP CONSTRAINT subscriptions_status_check,
        ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('trial', 'active', 'canceled'))`);
  }
}
