import { MigrationInterface, QueryRunner } from 'typeorm';

export class DailyMeals1767225600001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE insights.daily_meals (
        user_id integer NOT NULL,
        day date NOT NULL,
        meals_count integer NOT NULL,
        PRIMARY KEY (user_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE insights.daily_meals');
  }
}
