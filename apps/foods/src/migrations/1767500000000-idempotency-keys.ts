import { createIdempotencyKeysTable, dropIdempotencyKeysTable } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The Idempotency-Keys of quick-added foods, so a retried create answers the food it made the first time. */
export class IdempotencyKeys1767500000000 implements MigrationInterface {
  name = 'IdempotencyKeys1767500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createIdempotencyKeysTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropIdempotencyKeysTable(queryRunner);
  }
}
