import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read tables of issue 7, projections of the meal and symptom streams. Entry and symptom ids come from sequences,
 * taken before the events that carry them. Indexes serve the reads by (user, time range) and one query per page of
 * meals for their foods and another for their symptoms.
 */
export class MealFoodsSymptoms1767600000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SEQUENCE journal.meal_food_id_seq');
    await queryRunner.query('CREATE SEQUENCE journal.symptom_id_seq');
    await queryRunner.query(`
      CREATE TABLE journal.meal_foods (
        id bigint PRIMARY KEY,
        meal_id bigint NOT NULL,
        user_id integer NOT NULL,
        position integer NOT NULL,
        quantity double precision NOT NULL,
        serving_unit text NOT NULL,
        grams double precision,
        food jsonb NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX meal_foods_meal_position ON journal.meal_foods (meal_id, position)');
    await queryRunner.query(`
      CREATE TABLE journal.symptoms (
        id bigint PRIMARY KEY,
        user_id integer NOT NULL,
        meal_id bigint,
        symptom_type text NOT NULL,
        severity text NOT NULL,
        notes text,
        "timestamp" timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX symptoms_user_timestamp ON journal.symptoms (user_id, "timestamp")');
    await queryRunner.query('CREATE INDEX symptoms_meal ON journal.symptoms (meal_id) WHERE meal_id IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE journal.symptoms');
    await queryRunner.query('DROP TABLE journal.meal_foods');
    await queryRunner.query('DROP SEQUENCE journal.symptom_id_seq');
    await queryRunner.query('DROP SEQUENCE journal.meal_food_id_seq');
  }
}
