import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20: the AI research's global daily budget, one row per UTC day counting the model requests made (AiBudget). */
export class AiBudget1770200000000 implements MigrationInterface {
  name = 'AiBudget1770200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE foods.ai_budget (day date PRIMARY KEY, used integer NOT NULL)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE foods.ai_budget');
  }
}
