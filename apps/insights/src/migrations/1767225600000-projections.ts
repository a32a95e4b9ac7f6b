import { createProjectionTables, dropProjectionTables } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Insights keeps consumer projections of other services' events: their checkpoints and dead letters. */
export class Projections1767225600000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createProjectionTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropProjectionTables(queryRunner);
  }
}
