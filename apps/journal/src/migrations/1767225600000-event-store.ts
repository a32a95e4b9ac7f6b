import { createEventStoreTables, dropEventStoreTables } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The journal is event-sourced: its events table is the source of truth (architecture rule 4). */
export class EventStore1767225600000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventStoreTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventStoreTables(queryRunner);
  }
}
