import { addCheckpointStreamSequence } from '@fodmap/server';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The consumers' checkpoints keep the JetStream sequence they resume from. */
export class CheckpointStreamSequence1767400000000 implements MigrationInterface {
  name = 'CheckpointStreamSequence1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await addCheckpointStreamSequence(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE insights.projection_checkpoints DROP COLUMN stream_sequence');
  }
}
