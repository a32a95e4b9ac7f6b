import { createIdempotencyKeysTable, dropIdempotencyKeysTable } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The Idempotency-Keys of created meals, so a retried create answers the meal it made the first time. */
export class IdempotencyKeys1767500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createIdempotencyKeysTable(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropIdempotencyKeysTable(queryRunner);
  }
}
