import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18's first-run question: the person's condition and diet phase (null until answered), and whether the question
 * was answered or skipped. Accounts made before it were never asked and stay 'pending'; the app asks right after
 * sign-up only, so they are not stopped on their next visit. The time zone column is the one they confirm.
 */
export class PersonProfile1768300000000 implements MigrationInterface {
  name = 'PersonProfile1768300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE identity.users
        ADD COLUMN condition text CHECK (condition IN ('ibs', 'crohns', 'ulcerative_colitis', 'not_sure')),
        ADD COLUMN diet_phase text CHECK (diet_phase IN ('starting', 'elimination', 'reintroduction', 'personalised')),
        ADD COLUMN onboarding text NOT NULL DEFAULT 'pending' CHECK (onboarding IN ('pending', 'answered', 'skipped'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE identity.users DROP COLUMN onboarding, DROP COLUMN diet_phase, DROP COLUMN condition');
  }
}
