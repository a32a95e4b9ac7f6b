import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A short key of each entry's food snapshot, computed by PostgreSQL as rows are written (live or in a rebuild): the
 * correlation read sends each snapshot of a period once, and telling equal snapshots apart by their whole JSON cost
 * it more than the rest of the read.
 */
export class MealFoodSnapshotKey1767800000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE insights.meal_foods ADD COLUMN snapshot_key text GENERATED ALWAYS AS (md5(snapshot::text)) STORED');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE insights.meal_foods DROP COLUMN snapshot_key');
  }
}
