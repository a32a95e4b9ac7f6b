import { createProjectionTables, dropProjectionTables } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11's background food research: the checkpoint and dead letters of its consumer, and each search's attempts,
 * counted outside the consumer's transaction (which a failed attempt rolls back) so that retries stay bounded.
 */
export class FoodResearch1767700000000 implements MigrationInterface {
  name = 'FoodResearch1767700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createProjectionTables(queryRunner);
    await queryRunner.query(`CREATE TABLE foods.food_research_attempts (research_id uuid PRIMARY KEY, attempts integer NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE foods.food_research_attempts');
    await dropProjectionTables(queryRunner);
  }
}
