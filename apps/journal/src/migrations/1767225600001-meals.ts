import { MigrationInterface, QueryRunner } from 'typeorm';

/** Meal ids come from a sequence, taken before the MealCreated event that carries them; `meals` is a projection. */
export class Meals1767225600001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SEQUENCE journal.meal_id_seq');
    await queryRunner.query(`
      CREATE TABLE journal.meals (
        id bigint PRIMARY KEY,
        user_id integer NOT NULL,
        name text NOT NULL,
        meal_type text NOT NULL,
        "timestamp" timestamptz NOT NULL,
        completed boolean NOT NULL DEFAULT false,
        notes text
      )`);
    await queryRunner.query('CREATE INDEX meals_user_timestamp ON journal.meals (user_id, "timestamp")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE journal.meals');
    await queryRunner.query('DROP SEQUENCE journal.meal_id_seq');
  }
}
