import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 8: the `journal_history` projection (meals, their foods, symptoms) replaces `daily_meals`, whose counts it
 * answers too. The old tables go with their checkpoints and dead letters (no handler is left to replay those); the
 * new projection has no checkpoint, so on its first start it reads the journal's events from the stream's beginning.
 * No foreign keys and no serial columns: a rebuild swaps the tables. Indexes serve the per-user time-range reads
 * and a meal's foods and symptoms. `snapshot_key`, computed by PostgreSQL as rows are written (live or in a rebuild),
 * tells equal food snapshots apart so a read sends each once; `user_versions` holds the position of the last event
 * that changed a person's rows, which keys the service's cache of their analyses.
 */
export class JournalHistory1767800000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE insights.daily_meal_days');
    await queryRunner.query('DROP TABLE insights.daily_meals');
    await queryRunner.query(`DELETE FROM insights.projection_checkpoints WHERE projection = 'daily_meals'`);
    await queryRunner.query(`DELETE FROM insights.dead_letters WHERE projection = 'daily_meals'`);
    await queryRunner.query(`
      CREATE TABLE insights.meals (
        meal_id bigint PRIMARY KEY,
        user_id integer NOT NULL,
        eaten_at timestamptz NOT NULL,
        meal_type text NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX meals_user_eaten_at ON insights.meals (user_id, eaten_at)');
    await queryRunner.query(`
      CREATE TABLE insights.meal_foods (
        entry_id bigint PRIMARY KEY,
        meal_id bigint NOT NULL,
        user_id integer NOT NULL,
        food_id integer NOT NULL,
        quantity double precision NOT NULL,
        serving_unit text NOT NULL,
        grams double precision,
        rating text NOT NULL,
        snapshot jsonb NOT NULL,
        snapshot_key text GENERATED ALWAYS AS (md5(snapshot::text)) STORED
      )`);
    await queryRunner.query('CREATE INDEX meal_foods_meal ON insights.meal_foods (meal_id)');
    await queryRunner.query(`
      CREATE TABLE insights.symptoms (
        symptom_id bigint PRIMARY KEY,
        user_id integer NOT NULL,
        meal_id bigint,
        symptom_type text NOT NULL,
        severity text NOT NULL,
        felt_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX symptoms_user_felt_at ON insights.symptoms (user_id, felt_at)');
    await queryRunner.query('CREATE INDEX symptoms_meal ON insights.symptoms (meal_id) WHERE meal_id IS NOT NULL');
    await queryRunner.query('CREATE TABLE insights.user_versions (user_id integer PRIMARY KEY, position bigint NOT NULL)');
  }

  /** Back to the daily_meals tables, empty: `rebuild.js daily_meals` of that version fills them. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE insights.user_versions');
    await queryRunner.query('DROP TABLE insights.symptoms');
    await queryRunner.query('DROP TABLE insights.meal_foods');
    await queryRunner.query('DROP TABLE insights.meals');
    await queryRunner.query(`DELETE FROM insights.projection_checkpoints WHERE projection = 'journal_history'`);
    await queryRunner.query(`DELETE FROM insights.dead_letters WHERE projection = 'journal_history'`);
    await queryRunner.query('CREATE TABLE insights.daily_meals (user_id integer NOT NULL, day date NOT NULL, meals_count integer NOT NULL, PRIMARY KEY (user_id, day))');
    await queryRunner.query('CREATE TABLE insights.daily_meal_days (meal_id bigint PRIMARY KEY, user_id integer NOT NULL, day date NOT NULL)');
  }
}
