import { EventDefinitions, EventOf } from '@fodmap/contracts';
import { randomUUID } from 'node:crypto';
import { RpcException } from '@nestjs/microservices';
import { AsyncResource } from 'node:async_hooks';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { RpcFailureBody } from '../rpc';
import { readEvent } from './catalog';
import { currentTraceparent } from '../observability/tracing';
import { currentCausation } from './correlation';
import { EventMetadata, EventShape, NewEvent, StoredEvent } from './event';
import { applyEvent, batchContext, HandlerContext, Projection, projectionTables } from './projection';
import { qualifiedTable, schemaOf } from './sql';

/** Runs inline projections inside the append's transaction, so a service reads its own writes at once. */
export type InlineProjection = (manager: EntityManager, events: StoredEvent[]) => Promise<void>;

/**
 * An append's work in its transaction, in phases, so that the inline projections of a group's appends are applied
 * together: a projection with batchedWrites has its writes folded over the whole group and sent once, in one statement
 * per table, instead of one statement per event. Each phase still sees what it saw when the appends were written one
 * after the other: the projections' pending writes are sent before a `before` or `after` runs.
 */
export interface InlineWork {
  /** Runs first; sees the projections' tables with every earlier append of the group applied. */
  before?: InlineProjection;
  /** This service's inline projections, applied to the stored events. */
  projections: readonly Projection[];
  /** Runs once the projections have, and sees their rows. */
  after?: InlineProjection;
  /** Runs last and reads none of the projections' tables (an idempotency key's row), so nothing is sent before it. */
  record?: InlineProjection;
}

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

/** At most this many appends, and events, are written in one transaction. */
const GROUP_APPENDS = 64;
const GROUP_EVENTS = 2_000;

/** An append waiting to be written, its events serialised. */
interface PendingAppend {
  streamId: string;
  expectedVersion: number;
  events: Array<{ type: string; schemaVersion: number; eventId: string; data: string; metadata: string }>;
  work: InlineWork;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * An append's work with each function run in the caller's async context, so that what it does is traced and caused as
 * the caller's request: one AsyncResource for all of them (`AsyncResource.bind` makes one per function, and costs more).
 */
function boundWork(project: InlineProjection | InlineWork | undefined): InlineWork {
  if (project === undefined) return { projections: [] };
  const work: InlineWork = typeof project === 'function' ? { projections: [], after: project } : project;
  if (!work.before && !work.after && !work.record) return work;
  const scope = new AsyncResource('EventStore.append');
  const inScope = (phase: InlineProjection | undefined): InlineProjection | undefined => phase && ((manager, events) => scope.runInAsyncScope(phase, null, manager, events));
  return { projections: work.projections, before: inScope(work.before), after: inScope(work.after), record: inScope(work.record) };
}

/** The unique (stream, version) index refused an event: the stream was appended to since its version was read. */
function isStreamVersionTaken(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { constraint?: string }).constraint === 'events_stream_version_unique';
}

/**
 * The append-only events table of one service's schema: the source of truth of an event-sourced service.
 *
 * Appends in one schema are serialized by a transaction-scoped advisory lock taken before anything is written.
 * Global positions are therefore allocated in commit order, and the relay can keep a single position as its
 * checkpoint without ever passing over an event that commits later with a smaller position.
 * This lock is the one ordering mechanism (see the README for why not pg_snapshot_xmin): it involves only this
 * schema's appends, so no transaction elsewhere in the cluster can hold the relay back.
 * The cost is one transaction at a time per service, held through its commit's flush: appends that arrive meanwhile
 * are therefore written together in the next one (see `append`), so the lock and the flush are paid per group.
 *
 * Typed by the producing service's event map (`EventStore<DomainEvents['journal']>`): it appends only that service's
 * events, and reads a stream back as them, upcast to their current versions.
 */
export class EventStore<D extends EventDefinitions = EventDefinitions> {
  readonly schema: string;
  private readonly eventsTable: string;
  /** Appends waiting for the group being written to commit. */
  private pending: PendingAppend[] = [];
  private writing = false;
  /** Each inline projection's live tables. */
  private readonly tablesOf = new Map<Projection, Record<string, string>>();

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
   *
   * Appends that arrive while one is being written are written together, in one transaction (a group commit): the
   * append lock is held, and the commit's WAL flush paid, once for all of them, which is what lets a service take
   * more appends a second than one lock-and-flush at a time allows. Each append keeps its own outcome: a stale expected
   * version is refused alone, before anything is written; any other failure (a `before` check, an idempotency key
   * taken) undoes the group, whose appends are then written one by one, so that only the failing one fails.
   * `project` is either one function run after the events are inserted, or the phases of `InlineWork`.
   */
  append(
    streamId: string,
    expectedVersion: number,
    events: ReadonlyArray<NewEvent<EventOf<D>>>,
    metadata: Partial<EventMetadata>,
    project?: InlineProjection | InlineWork,
  ): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
    const causation = currentCausation();
    const traceparent = metadata.traceparent ?? currentTraceparent();
    const fullMetadata: EventMetadata = {
      userId: metadata.userId ?? null,
      correlationId: metadata.correlationId ?? causation?.correlationId ?? randomUUID(),
      causationId: metadata.causationId ?? causation?.causationId ?? null,
      occurredAt: metadata.occurredAt ?? new Date().toISOString(),
      ...(traceparent ? { traceparent } : {}),
    };
    const metadataJson = JSON.stringify(fullMetadata);
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({
        streamId,
        expectedVersion,
        events: events.map((event) => ({ type: event.type, schemaVersion: event.schemaVersion, eventId: randomUUID(), data: JSON.stringify(event.data), metadata: metadataJson })),
        work: boundWork(project),
        resolve,
        reject,
      });
      void this.writePending();
    });
  }

  /** Writes what is pending, a group at a time, until nothing is; one writer per store. */
  private async writePending(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.pending.length > 0) await this.writeGroup(this.takeGroup());
    } finally {
      this.writing = false;
    }
  }

  /** The next group: pending appends in order, one per stream (a second one on a stream waits for the next group). */
  private takeGroup(): PendingAppend[] {
    const group: PendingAppend[] = [];
    const streams = new Set<string>();
    let rows = 0;
    this.pending = this.pending.filter((append) => {
      if (group.length > 0 && (streams.has(append.streamId) || group.length >= GROUP_APPENDS || rows + append.events.length > GROUP_EVENTS)) return true;
      group.push(append);
      streams.add(append.streamId);
      rows += append.events.length;
      return false;
    });
    return group;
  }

  private async writeGroup(group: PendingAppend[]): Promise<void> {
    let outcomes: Array<AppendResult | StreamVersionConflictError>;
    try {
      outcomes = await this.writeAppends(group);
    } catch (error) {
      if (group.length === 1) {
        group[0].reject(error);
        return;
      }
      for (const append of group) await this.writeGroup([append]);
      return;
    }
    outcomes.forEach((outcome, index) => (outcome instanceof StreamVersionConflictError ? group[index].reject(outcome) : group[index].resolve(outcome)));
  }

  /**
   * One transaction: the append lock, every stream's version, one INSERT of every event (positions in the group's order)
   * that also notifies the relay, then each append's own work in order. An append whose expected version is stale
   * is left out and answered with its conflict.
   */
  private writeAppends(group: PendingAppend[]): Promise<Array<AppendResult | StreamVersionConflictError>> {
    return this.dataSource.transaction(async (manager) => {
      // The versions are read in the statement that takes the lock, with a snapshot from before it was granted: an
      // append of the same stream committed meanwhile (another replica's) then fails the unique (stream, version) index,
      // which is answered as the conflict it is.
      const versions: Array<{ stream_id: string; version: number }> = await manager.query(
        `SELECT stream.id AS stream_id, (SELECT coalesce(max(stream_version), 0)::int FROM ${this.eventsTable} WHERE stream_id = stream.id) AS version
         FROM (SELECT pg_advisory_xact_lock(hashtext($1))) AS locked, unnest($2::text[]) AS stream(id)`,
        [this.appendLockKey, group.map((append) => append.streamId)],
      );
      const versionOf = new Map(versions.map((row) => [row.stream_id, row.version]));
      const outcomes: Array<AppendResult | StreamVersionConflictError> = group.map((append) => {
        const version = versionOf.get(append.streamId) ?? 0;
        return version === append.expectedVersion ? { nextExpectedVersion: version + append.events.length, events: [] } : new StreamVersionConflictError(append.streamId, append.expectedVersion, version);
      });
      const values: unknown[] = [this.notifyChannel];
      const rows: string[] = [];
      group.forEach((append, index) => {
        if (outcomes[index] instanceof StreamVersionConflictError) return;
        append.events.forEach((event, offset) => {
          const at = values.length;
          values.push(append.streamId, append.expectedVersion + offset + 1, event.eventId, event.type, event.schemaVersion, event.data, event.metadata);
          rows.push(`($${at + 1}, $${at + 2}::int, $${at + 3}::uuid, $${at + 4}, $${at + 5}::int, $${at + 6}::jsonb, $${at + 7}::jsonb)`);
        });
      });
      if (rows.length === 0) return outcomes;
      let inserted: Array<{ position: string; event_id: string }>;
      try {
        inserted = await manager.query(
          `WITH inserted AS (
             INSERT INTO ${this.eventsTable} (stream_id, stream_version, event_id, type, schema_version, data, metadata)
             VALUES ${rows.join(', ')} RETURNING position, event_id
           ), notified AS (SELECT pg_notify($1, max(position)::text) FROM inserted)
           SELECT inserted.position, inserted.event_id FROM inserted, notified`,
          values,
        );
      } catch (error) {
        if (isStreamVersionTaken(error) && group.length === 1) throw new StreamVersionConflictError(group[0].streamId, group[0].expectedVersion, await this.streamVersion(group[0].streamId));
        throw error;
      }
      const positionOf = new Map(inserted.map((row) => [row.event_id, Number(row.position)]));
      // The group's inline projections, each with one context for the whole group; `flush` sends what is folded so far.
      const batches = new Map<Projection, { context: HandlerContext; flush: () => Promise<void> }>();
      const flush = async () => {
        for (const batch of batches.values()) await batch.flush();
      };
      for (const [index, append] of group.entries()) {
        const outcome = outcomes[index];
        if (outcome instanceof StreamVersionConflictError) continue;
        outcome.events = append.events.map((event, offset) => ({
          position: positionOf.get(event.eventId) ?? 0,
          streamId: append.streamId,
          streamVersion: append.expectedVersion + offset + 1,
          eventId: event.eventId,
          type: event.type,
          schemaVersion: event.schemaVersion,
          data: JSON.parse(event.data),
          metadata: JSON.parse(event.metadata),
        }));
        const { before, projections, after, record } = append.work;
        if (before) {
          await flush();
          await before(manager, outcome.events);
        }
        for (const projection of projections) {
          let batch = batches.get(projection);
          if (!batch) {
            batch = batchContext(projection, manager, this.liveTables(projection));
            batches.set(projection, batch);
          }
          for (const event of outcome.events) await applyEvent(projection, this.service, batch.context, event);
        }
        if (after) {
          await flush();
          await after(manager, outcome.events);
        }
        if (record) await record(manager, outcome.events);
      }
      await flush();
      return outcomes;
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

  private liveTables(projection: Projection): Record<string, string> {
    let tables = this.tablesOf.get(projection);
    if (!tables) {
      tables = projectionTables(projection, this.schema);
      this.tablesOf.set(projection, tables);
    }
    return tables;
  }
}
