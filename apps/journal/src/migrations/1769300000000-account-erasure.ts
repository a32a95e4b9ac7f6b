import { createProjectionTables, dropProjectionTables } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20: the journal consumes identity's AccountErased, its first consumer projection: checkpoints and dead letters. */
export class AccountErasure1769300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createProjectionTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropProjectionTables(queryRunner);
  }
}
