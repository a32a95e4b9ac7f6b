import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18: the daily summary goes at 08:00 in the zone identity holds for the person (`recipients.time_zone`, which
 * UserProfileChanged now corrects), no longer in the zone of their newest journal event: that zone was always identity's
 * as of the event, so after a correction it only lagged behind. Its table goes.
 */
export class RecipientZone1768300000000 implements MigrationInterface {
  name = 'RecipientZone1768300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notifications.journal_time_zones');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE TABLE notifications.journal_time_zones (user_id integer PRIMARY KEY, time_zone text NOT NULL)');
  }
}
