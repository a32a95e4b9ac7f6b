import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { EventMetadata } from './event';

/**
 * A row of a producing service's append-only events table.
 * Its transaction_id (xid8, default pg_current_xact_id()) is left unmapped: TypeORM has no xid8 type, and it is
 * kept only to tell which transaction wrote an event when diagnosing (ordering is the append lock's job).
 */
@Entity({ name: 'events' })
@Unique('events_stream_version_unique', ['streamId', 'streamVersion'])
export class EventRecord {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  position: string;

  @Column({ name: 'stream_id', type: 'text' })
  streamId: string;

  @Column({ name: 'stream_version', type: 'integer' })
  streamVersion: number;

  @Column({ name: 'event_id', type: 'uuid', unique: true })
  eventId: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'schema_version', type: 'integer' })
  schemaVersion: number;

  @Column({ type: 'jsonb' })
  data: unknown;

  @Column({ type: 'jsonb' })
  metadata: EventMetadata;
}

/** How far the relay has published the events table into one JetStream stream. */
@Entity({ name: 'relay_checkpoints' })
export class RelayCheckpoint {
  @PrimaryColumn({ name: 'stream', type: 'text' })
  stream: string;

  @Column({ type: 'bigint' })
  position: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** The last position of a source service that a consumer projection has applied. */
@Entity({ name: 'projection_checkpoints' })
export class ProjectionCheckpoint {
  @PrimaryColumn({ type: 'text' })
  projection: string;

  @PrimaryColumn({ type: 'text' })
  source: string;

  @Column({ type: 'bigint' })
  position: string;

  /** The JetStream sequence of the last message handled: the durable consumer restarts after it. */
  @Column({ name: 'stream_sequence', type: 'bigint' })
  streamSequence: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** An event a projection could not apply after its bounded redeliveries; the projection moved past it. */
@Entity({ name: 'dead_letters' })
@Unique('dead_letters_event_unique', ['projection', 'source', 'position'])
export class DeadLetter {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  projection: string;

  @Column({ type: 'text' })
  source: string;

  /** Null when the message could not even be decoded. */
  @Column({ type: 'bigint', nullable: true })
  position: string | null;

  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId: string | null;

  @Column({ type: 'text', nullable: true })
  type: string | null;

  @Column({ type: 'text' })
  subject: string;

  /** The message body as received, so the event can be replayed by hand once the cause is fixed. */
  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'text' })
  error: string;

  @Column({ type: 'integer' })
  attempts: number;

  @Column({ name: 'failed_at', type: 'timestamptz' })
  failedAt: Date;
}

/** Entities of a service that appends events (add to ServiceCoreModule's entities). */
export const eventStoreEntities = [EventRecord, RelayCheckpoint];
/** Entities of a service that keeps consumer projections. */
export const projectionEntities = [ProjectionCheckpoint, DeadLetter];
