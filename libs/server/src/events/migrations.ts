import { QueryRunner } from 'typeorm';
import { qualifiedTable, schemaOf } from './sql';

/**
 * Creates the events table and the relay checkpoint in the migrating service's schema.
 * Call it from a migration class of the service, so its tables follow that service's migration history.
 */
export async function createEventStoreTables(queryRunner: QueryRunner): Promise<void> {
  const schema = schemaOf(queryRunner.connection);
  await queryRunner.query(`
    CREATE TABLE ${qualifiedTable(schema, 'events')} (
      position bigserial PRIMARY KEY,
      stream_id text NOT NULL,
      stream_version integer NOT NULL,
      event_id uuid NOT NULL UNIQUE,
      type text NOT NULL,
      schema_version integer NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version)
    )`);
  await queryRunner.query(`
    CREATE TABLE ${qualifiedTable(schema, 'relay_checkpoints')} (
      stream text PRIMARY KEY,
      position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function dropEventStoreTables(queryRunner: QueryRunner): Promise<void> {
  const schema = schemaOf(queryRunner.connection);
  await queryRunner.query(`DROP TABLE ${qualifiedTable(schema, 'relay_checkpoints')}`);
  await queryRunner.query(`DROP TABLE ${qualifiedTable(schema, 'events')}`);
}

/** Creates the checkpoint and dead-letter tables of a service that keeps consumer projections. */
export async function createProjectionTables(queryRunner: QueryRunner): Promise<void> {
  const schema = schemaOf(queryRunner.connection);
  await queryRunner.query(`
    CREATE TABLE ${qualifiedTable(schema, 'projection_checkpoints')} (
      projection text NOT NULL,
      source text NOT NULL,
      position bigint NOT NULL DEFAULT 0,
      stream_sequence bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (projection, source)
    )`);
  await queryRunner.query(`
    CREATE TABLE ${qualifiedTable(schema, 'dead_letters')} (
      id bigserial PRIMARY KEY,
      projection text NOT NULL,
      source text NOT NULL,
      position bigint,
      event_id uuid,
      type text,
      subject text NOT NULL,
      body text NOT NULL,
      error text NOT NULL,
      attempts integer NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT dead_letters_event_unique UNIQUE (projection, source, position)
    )`);
}

/**
 * For a schema whose projection tables predate it: the checkpoint's JetStream stream sequence, where a consumer
 * resumes. Left at 0, the first start replays the stream from the beginning, skipping what is applied by position.
 */
export async function addCheckpointStreamSequence(queryRunner: QueryRunner): Promise<void> {
  const schema = schemaOf(queryRunner.connection);
  await queryRunner.query(`ALTER TABLE ${qualifiedTable(schema, 'projection_checkpoints')} ADD COLUMN IF NOT EXISTS stream_sequence bigint NOT NULL DEFAULT 0`);
}

export async function dropProjectionTables(queryRunner: QueryRunner): Promise<void> {
  const schema = schemaOf(queryRunner.connection);
  await queryRunner.query(`DROP TABLE ${qualifiedTable(schema, 'dead_letters')}`);
  await queryRunner.query(`DROP TABLE ${qualifiedTable(schema, 'projection_checkpoints')}`);
}
