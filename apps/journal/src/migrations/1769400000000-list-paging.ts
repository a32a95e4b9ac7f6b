import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20: the meal and symptom histories are read a page at a time, newest first by (timestamp, id); the id in the
 * index lets the next page start right after the last one without a sort, also among rows of the same instant.
 */
export class ListPaging1769400000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX meals_user_timestamp_id ON journal.meals (user_id, "timestamp", id)');
    await queryRunner.query('DROP INDEX journal.meals_user_timestamp');
    await queryRunner.query('CREATE INDEX symptoms_user_timestamp_id ON journal.symptoms (user_id, "timestamp", id)');
    await queryRunner.query('DROP INDEX journal.symptoms_user_timestamp');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX symptoms_user_timestamp ON journal.symptoms (user_id, "timestamp")');
    await queryRunner.query('DROP INDEX journal.symptoms_user_timestamp_id');
    await queryRunner.query('CREATE INDEX meals_user_timestamp ON journal.meals (user_id, "timestamp")');
    await queryRunner.query('DROP INDEX journal.meals_user_timestamp_id');
  }
}
