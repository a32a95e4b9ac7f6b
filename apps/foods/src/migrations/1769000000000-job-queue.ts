import { installJobQueue } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19: background food searches are jobs of the one queue (graphile-worker, schema foods_jobs), counted by the
 * queue, so the attempts table goes. A search whose event the food_research consumer had not yet finished is delivered
 * again and becomes a job.
 */
export class JobQueue1769000000000 implements MigrationInterface {
  name = 'JobQueue1769000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await installJobQueue(queryRunner, 'foods');
    await queryRunner.query('DROP TABLE foods.food_research_attempts');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE foods.food_research_attempts (research_id uuid PRIMARY KEY, attempts integer NOT NULL)`);
  }
}
