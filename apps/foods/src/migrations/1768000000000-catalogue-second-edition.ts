import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 10's second catalogue edition: per food the sentence explaining its rating, the FODMAP groups behind it, the
 * portion guide, the check-the-label state and the everyday flag search ranks by; the release note with the version.
 * Private foods take the defaults (no explanation, no groups, no portion guide).
 */
export class CatalogueSecondEdition1768000000000 implements MigrationInterface {
  name = 'CatalogueSecondEdition1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE foods.foods
        ADD COLUMN rating_explanation text,
        ADD COLUMN fodmap_groups jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN portion jsonb,
        ADD COLUMN check_label boolean NOT NULL DEFAULT false,
        ADD COLUMN everyday boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE foods.catalogue_meta ADD COLUMN whats_new jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE foods.catalogue_meta DROP COLUMN whats_new`);
    await queryRunner.query(`
      ALTER TABLE foods.foods
        DROP COLUMN everyday,
        DROP COLUMN check_label,
        DROP COLUMN portion,
        DROP COLUMN fodmap_groups,
        DROP COLUMN rating_explanation`);
  }
}
