import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which day each counted meal was counted on, so that a MealDeleted (which names only the meal) takes it off that day.
 * Meals counted before this table existed are not in it: `node apps/insights/dist/rebuild.js daily_meals` fills it.
 */
export class DailyMealDays1767600000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE insights.daily_meal_days (
        meal_id bigint PRIMARY KEY,
        user_id integer NOT NULL,
        day date NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE insights.daily_meal_days');
  }
}
