import { EventDefinitions, EventOf } from '@fodmap/contracts';
import { randomUUID } from 'node:crypto';
import { RpcException } from '@nestjs/microservices';
import { DataSource, EntityManager } from 'typeorm';
import { RpcFailureBody } from '../rpc';
import { readEvent } from './catalog';
import { currentTraceparent } from '../observability/tracing';
import { currentCausation } from './correlation';
import { EventMetadata, EventShape, NewEvent, StoredEvent } from './event';
import { applyEvent, Projection, projectionContext, projectionTables } from './projection';
import { qualifiedTable, schemaOf } from './sql';

/** Runs inline projections inside the append's transaction, so a service reads its own writes at once. */
export type InlineProjection = (manager: EntityManager, events: StoredEvent[]) => Promise<void>;

/**
 * The stream was appended to since the caller read it. An RpcException, so that a handler which lets it
 * through answers 409 with this message, exactly as `rpcFailure(409, message)` would.
 */
export class StreamVersionConflictError extends RpcException {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super({
      status: 409,
      message: `${streamId} was changed by another request (expected version ${expectedVersion}, found ${actualVersion}). Reload and try again.`,
    } satisfies RpcFailureBody);
  }
}

interface EventRow {
  position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
}

const COLUMNS = 'position, stream_id, stream_version, event_id, type, schema_version, data, metadata';

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
  };
}

export interface AppendResult<E extends EventShape = EventShape> {
  /** The stream's version after the append: the expected version of the next one. */
  nextExpectedVersion: number;
  events: StoredEvent<E>[];
}

/**
 * The append-only events table of one service's schema: the source of truth of an event-sourced service.
 *
 * Appends in one schema are serialized by a transaction-scoped advisory lock taken before anything is written.
 * Global positions are therefore allocated in commit order, and the relay can keep a single position as its
 * checkpoint without ever passing over an event that commits later with a smaller position.
 * This lock is the one ordering mechanism (see the README for why not pg_snapshot_xmin): it involves only this
 * schema's appends, so no transaction elsewhere in the cluster can hold the relay back.
 * The cost is one append at a time per service, a few milliseconds each: ample for a journal.
 *
 * Typed by the producing service's event map (`EventStore<DomainEvents['journal']>`): it appends only that service's
 * events, and reads a stream back as them, upcast to their current versions.
 */
export class EventStore<D extends EventDefinitions = EventDefinitions> {
  readonly schema: string;
  private readonly eventsTable: string;

  constructor(
    readonly dataSource: DataSource,
    /** The producing service: the source consumers know these events by. */
    readonly service: string,
    /** The service's events (`domainEvents[service]`), which `readStream` reads with. */
    readonly definitions: D,
  ) {
    this.schema = schemaOf(dataSource);
    this.eventsTable = qualifiedTable(this.schema, 'events');
  }

  /** Key of the advisory lock that serializes appends; a rebuild holds it to swap tables between two appends. */
  get appendLockKey(): string {
    return `${this.schema}.events.append`;
  }

  /** LISTEN/NOTIFY channel the store notifies on commit, so the relay wakes at once. */
  get notifyChannel(): string {
    return `${this.schema}_events`;
  }

  /**
   * Appends events to a stream whose current version must be `expectedVersion` (0 for a new stream),
   * and runs `project` with the stored events in the same transaction. Correlation and causation ids not given
   * come from the work in progress (the RPC request, or the event a consumer is handling).
   */
  async append(
    streamId: string,
    expectedVersion: number,
    events: ReadonlyArray<NewEvent<EventOf<D>>>,
    metadata: Partial<EventMetadata>,
    project?: InlineProjection,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('Nothing to append');
    const causation = currentCausation();
    const traceparent = metadata.traceparent ?? currentTraceparent();
    const fullMetadata: EventMetadata = {
      userId: metadata.userId ?? null,
      correlationId: metadata.correlationId ?? causation?.correlationId ?? randomUUID(),
      causationId: metadata.causationId ?? causation?.causationId ?? null,
      occurredAt: metadata.occurredAt ?? new Date().toISOString(),
      ...(traceparent ? { traceparent } : {}),
    };
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [this.appendLockKey]);
      const version = await this.streamVersion(streamId, manager);
      if (version !== expectedVersion) throw new StreamVersionConflictError(streamId, expectedVersion, version);

      const values: unknown[] = [];
      const rows = events.map((event, index) => {
        values.push(streamId, expectedVersion + index + 1, randomUUID(), event.type, event.schemaVersion, JSON.stringify(event.data), JSON.stringify(fullMetadata));
        const at = index * 7;
        return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}::jsonb, $${at + 7}::jsonb)`;
      });
      const inserted: EventRow[] = await manager.query(
        `INSERT INTO ${this.eventsTable} (stream_id, stream_version, event_id, type, schema_version, data, metadata)
         VALUES ${rows.join(', ')} RETURNING ${COLUMNS}`,
        values,
      );
      const stored = inserted.map(toStoredEvent).sort((a, b) => a.position - b.position);
      await manager.query('SELECT pg_notify($1, $2)', [this.notifyChannel, String(stored[stored.length - 1].position)]);
      if (project) await project(manager, stored);
      return { nextExpectedVersion: expectedVersion + events.length, events: stored };
    });
  }

  /** A stream's events from `fromVersion` on, validated and upcast to their current versions. */
  async readStream(streamId: string, fromVersion = 1): Promise<Array<StoredEvent<EventOf<D>>>> {
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM ${this.eventsTable} WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, fromVersion],
    );
    return rows.map((row) => readEvent(this.definitions, toStoredEvent(row)));
  }

  /** A stream's version: 0 before its first event. */
  async streamVersion(streamId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ version }]: Array<{ version: number }> = await manager.query(
      `SELECT coalesce(max(stream_version), 0)::int AS version FROM ${this.eventsTable} WHERE stream_id = $1`,
      [streamId],
    );
    return version;
  }

  /**
   * Up to `limit` committed events after `afterPosition`, in position order. Because appends hold the append lock
   * until they commit, no event with a smaller position can still become visible after a larger one is seen.
   */
  async readCommitted(afterPosition: number, limit: number, manager: EntityManager = this.dataSource.manager): Promise<StoredEvent[]> {
    const rows: EventRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM ${this.eventsTable} WHERE position > $1 ORDER BY position LIMIT $2`,
      [afterPosition, limit],
    );
    return rows.map(toStoredEvent);
  }

  /** An `append` argument that applies this service's own events to an inline projection's live tables. */
  inlineProjection(projection: Projection): InlineProjection {
    const tables = projectionTables(projection, this.schema);
    return async (manager, events) => {
      for (const event of events) await applyEvent(projection, this.service, projectionContext(projection, manager, tables), event);
    };
  }
}
