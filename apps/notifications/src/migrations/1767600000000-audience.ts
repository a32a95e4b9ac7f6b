import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9: who gets the emails and what their days held, projected from identity and the journal (audience/), and the
 * daily summaries already claimed. No foreign keys and no serial columns: a rebuild swaps the projections' tables.
 * - recipients: from identity's UserRegistered and NotificationPreferencesChanged (spec §3 defaults: email on, meal off);
 * - journal_time_zones: the zone of each person's newest journal event (the browser's zone is the person's zone);
 * - digest_meals, digest_meal_foods, digest_symptoms: each row placed on its local day in the zone it was logged in,
 *   indexed for the daily summary's per-person, per-day reads;
 * - daily_summary_claims: one row per person and local day summarised, written with the summary's outbox row, so the
 *   due query skips them with a cheap anti-join (the outbox's unique event id is the guarantee).
 */
export class Audience1767600000000 implements MigrationInterface {
  name = 'Audience1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notifications.recipients (
        user_id integer PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL,
        time_zone text NOT NULL,
        host text NOT NULL,
        email_notifications boolean NOT NULL,
        meal_notifications boolean NOT NULL
      )`);
    await queryRunner.query('CREATE TABLE notifications.journal_time_zones (user_id integer PRIMARY KEY, time_zone text NOT NULL)');
    await queryRunner.query(`
      CREATE TABLE notifications.digest_meals (
        meal_id bigint PRIMARY KEY,
        user_id integer NOT NULL,
        name text NOT NULL,
        meal_type text NOT NULL,
        eaten_at timestamptz NOT NULL,
        local_day date NOT NULL,
        time_zone text NOT NULL,
        completed boolean NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX digest_meals_user_day ON notifications.digest_meals (user_id, local_day)');
    await queryRunner.query(`
      CREATE TABLE notifications.digest_meal_foods (
        entry_id bigint PRIMARY KEY,
        meal_id bigint NOT NULL,
        user_id integer NOT NULL,
        food_name text NOT NULL,
        rating text NOT NULL,
        quantity double precision NOT NULL,
        serving_unit text NOT NULL,
        grams double precision,
        ibs_trigger_type text,
        snapshot jsonb NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX digest_meal_foods_meal ON notifications.digest_meal_foods (meal_id)');
    await queryRunner.query(`
      CREATE TABLE notifications.digest_symptoms (
        symptom_id bigint PRIMARY KEY,
        user_id integer NOT NULL,
        meal_id bigint,
        symptom_type text NOT NULL,
        severity text NOT NULL,
        felt_at timestamptz NOT NULL,
        local_day date NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX digest_symptoms_user_day ON notifications.digest_symptoms (user_id, local_day)');
    await queryRunner.query('CREATE INDEX digest_symptoms_meal ON notifications.digest_symptoms (meal_id) WHERE meal_id IS NOT NULL');
    await queryRunner.query(`
      CREATE TABLE notifications.daily_summary_claims (
        user_id integer NOT NULL,
        day date NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['daily_summary_claims', 'digest_symptoms', 'digest_meal_foods', 'digest_meals', 'journal_time_zones', 'recipients']) {
      await queryRunner.query(`DROP TABLE notifications.${table}`);
    }
    await queryRunner.query(`DELETE FROM notifications.projection_checkpoints WHERE projection IN ('recipients', 'journal_digest')`);
  }
}
