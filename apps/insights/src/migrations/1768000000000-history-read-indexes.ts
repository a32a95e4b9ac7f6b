import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22: the correlation's history read finds a person's food entries and linked symptoms in one range of an index
 * each, by person and meal id (`meal_id >= the period's first meal id`, then only the period's meals), instead of one
 * index descent per meal of the period (some 600 for a heavy user's 90 days: 4,275 buffers for one read, 342 now).
 * The entries' index holds every column the read takes, so it is read without the table (an index-only scan), where
 * each entry's row, with its food snapshot, took a buffer of its own. The meal-id indexes stay: the projection finds a
 * meal's rows by them.
 */
export class HistoryReadIndexes1768000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX meal_foods_user_meal ON insights.meal_foods (user_id, meal_id) INCLUDE (entry_id, quantity, serving_unit, grams, snapshot_key)');
    await queryRunner.query('CREATE INDEX symptoms_user_meal ON insights.symptoms (user_id, meal_id) WHERE meal_id IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX insights.symptoms_user_meal');
    await queryRunner.query('DROP INDEX insights.meal_foods_user_meal');
  }
}
