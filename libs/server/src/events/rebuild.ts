import { Logger } from '@nestjs/common';
import { Consumer, DeliverPolicy, JsMsg, NatsConnection } from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { StoredEvent } from './event';
import { EventStore } from './event-store';
import { decodeEvent, ensureEventStream, sourceSubjectFilter } from './jetstream';
import { lockCheckpoint, recordDeadLetter, setCheckpoint } from './projection-consumer';
import { applyEvent, Projection, projectionSources, projectionTables, REBUILD_SUFFIX } from './projection';
import { errorMessage, qualifiedTable, quoteIdentifier, schemaOf } from './sql';

/**
 * Rebuilding a projection: replay every event from the start into fresh tables (`<table>__rebuild`, created
 * LIKE the live ones), then swap them in.
 *
 * Readers never see a half-built table: until the swap they read the untouched live tables, and the swap is one
 * transaction that catches up on the last events, drops the live tables and renames the fresh ones. Its
 * ACCESS EXCLUSIVE locks make readers wait for its commit and then read the complete new tables.
 * Writers are held off during the swap too: an inline projection's appends by the events append lock,
 * a consumer projection's processor by the lock on its checkpoint rows, which the swap moves to where the
 * replay ended so the live processor carries on from there.
 */
export interface RebuildResult {
  projection: string;
  /** Events replayed, duplicates excluded. */
  events: number;
  /** The last position replayed, per source service. */
  positions: Record<string, number>;
}

const logger = new Logger('Rebuild');

async function createFreshTables(dataSource: DataSource, projection: Projection, schema: string): Promise<Record<string, string>> {
  const live = projectionTables(projection, schema);
  const fresh = projectionTables(projection, schema, REBUILD_SUFFIX);
  for (const table of projection.tables) {
    await dataSource.query(`DROP TABLE IF EXISTS ${fresh[table]}`);
    await dataSource.query(`CREATE TABLE ${fresh[table]} (LIKE ${live[table]} INCLUDING ALL)`);
  }
  return fresh;
}

/** A table's indexes, each with its definition stripped of index and table names, so live and fresh ones pair up. */
async function indexShapes(manager: EntityManager, schema: string, table: string): Promise<Array<{ name: string; shape: string }>> {
  const rows: Array<{ indexname: string; indexdef: string }> = await manager.query(
    'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 ORDER BY indexname',
    [schema, table],
  );
  return rows.map((row) => ({ name: row.indexname, shape: row.indexdef.replace(/INDEX \S+ ON \S+ /, 'INDEX ON ') }));
}

/**
 * Replaces the live tables with the fresh ones. The fresh indexes (and so their constraints) take the live ones'
 * names, so that later migrations still find them by the names they were created with.
 */
async function swapTables(manager: EntityManager, projection: Projection, schema: string): Promise<void> {
  for (const table of projection.tables) {
    const freshName = `${table}${REBUILD_SUFFIX}`;
    const liveIndexes = await indexShapes(manager, schema, table);
    const freshIndexes = await indexShapes(manager, schema, freshName);
    await manager.query(`DROP TABLE ${qualifiedTable(schema, table)}`);
    await manager.query(`ALTER TABLE ${qualifiedTable(schema, freshName)} RENAME TO ${quoteIdentifier(table)}`);
    for (const fresh of freshIndexes) {
      const match = liveIndexes.findIndex((live) => live.shape === fresh.shape);
      if (match < 0) continue;
      const [live] = liveIndexes.splice(match, 1);
      await manager.query(`ALTER INDEX ${qualifiedTable(schema, fresh.name)} RENAME TO ${quoteIdentifier(live.name)}`);
    }
  }
}

/** Replays an inline projection from the service's own events table. Fails, leaving the live tables as they were, if a handler fails. */
export async function rebuildInlineProjection(store: EventStore, projection: Projection, batchSize = 1000): Promise<RebuildResult> {
  const { dataSource, schema, service } = store;
  const tables = await createFreshTables(dataSource, projection, schema);
  let position = 0;
  let count = 0;
  const replay = async (manager: EntityManager, events: StoredEvent[]) => {
    for (const event of events) await applyEvent(projection, service, { manager, tables }, event);
    if (events.length > 0) position = events[events.length - 1].position;
    count += events.length;
  };
  for (let events = await store.readCommitted(0, batchSize); events.length > 0; events = await store.readCommitted(position, batchSize)) {
    await dataSource.transaction((manager) => replay(manager, events));
  }
  await dataSource.transaction(async (manager) => {
    // Under the append lock only the few events appended since the last batch remain, still read batch by batch.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [store.appendLockKey]);
    for (let events = await store.readCommitted(position, batchSize, manager); events.length > 0; events = await store.readCommitted(position, batchSize, manager)) {
      await replay(manager, events);
    }
    await swapTables(manager, projection, schema);
  });
  logger.log(`Rebuilt ${projection.name} from ${count} events`);
  return { projection: projection.name, events: count, positions: { [service]: position } };
}

export interface ConsumerRebuildOptions {
  dataSource: DataSource;
  nats: NatsConnection;
  natsPrefix: string;
  projection: Projection;
  batchSize?: number;
}

/**
 * Replays a consumer projection from the JetStream stream, sequence 1 on, with an ordered consumer per source.
 * A live processor may keep running meanwhile. An event whose handler fails is dead-lettered and passed over,
 * as the live processor does once its redeliveries are spent.
 */
export async function rebuildConsumerProjection(options: ConsumerRebuildOptions): Promise<RebuildResult> {
  const { dataSource, nats, natsPrefix, projection } = options;
  const batchSize = options.batchSize ?? 1000;
  const schema = schemaOf(dataSource);
  const checkpointTable = qualifiedTable(schema, 'projection_checkpoints');
  const deadLetterTable = qualifiedTable(schema, 'dead_letters');
  const tables = await createFreshTables(dataSource, projection, schema);
  const streamName = await ensureEventStream(await nats.jetstreamManager(), natsPrefix);
  const sources = projectionSources(projection);
  const positions: Record<string, number> = Object.fromEntries(sources.map((source) => [source, 0]));
  const sequences: Record<string, number> = Object.fromEntries(sources.map((source) => [source, 0]));
  let count = 0;

  const replay = async (manager: EntityManager, source: string, messages: JsMsg[]) => {
    for (const msg of messages) {
      const event = decodeEvent(msg);
      sequences[source] = msg.info.streamSequence;
      if (event.position <= positions[source]) continue;
      await manager.query('SAVEPOINT rebuild_event');
      try {
        await applyEvent(projection, source, { manager, tables }, event);
        await manager.query('RELEASE SAVEPOINT rebuild_event');
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT rebuild_event');
        const body = new TextDecoder().decode(msg.data);
        await recordDeadLetter(manager, deadLetterTable, { projection: projection.name, source, event, subject: msg.subject, body, error: errorMessage(error), attempts: 1 });
      }
      positions[source] = event.position;
      count += 1;
    }
  };

  const readers = new Map<string, Consumer>();
  for (const source of sources) {
    const reader = await nats.jetstream().consumers.get(streamName, {
      filterSubjects: sourceSubjectFilter(natsPrefix, source),
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: 1,
    });
    readers.set(source, reader);
    await drain(reader, batchSize, (messages) => dataSource.transaction((manager) => replay(manager, source, messages)));
    await dataSource.query(`INSERT INTO ${checkpointTable} (projection, source, position) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`, [projection.name, source]);
  }

  await dataSource.transaction(async (manager) => {
    const live: Record<string, number> = {};
    for (const source of sources) live[source] = await lockCheckpoint(manager, checkpointTable, projection.name, source);
    for (const [source, reader] of readers) {
      await drain(reader, batchSize, (messages) => replay(manager, source, messages));
      // Never swap in tables behind what the live processor has applied: those events would not come again.
      if (positions[source] < live[source]) {
        throw new Error(`${projection.name} has applied ${source} up to ${live[source]} but its stream ends at ${positions[source]}`);
      }
    }
    await swapTables(manager, projection, schema);
    for (const source of sources) await setCheckpoint(manager, checkpointTable, projection.name, source, positions[source], sequences[source]);
  });
  logger.log(`Rebuilt ${projection.name} from ${count} events`);
  return { projection: projection.name, events: count, positions };
}

/**
 * Reads an ordered consumer in batches until it has delivered the stream's last matching message.
 * Every fetch is read to its end: the ordered consumer counts a message as delivered once received, so leaving
 * one unread in a fetch would skip it.
 */
async function drain(reader: Consumer, batchSize: number, onBatch: (messages: JsMsg[]) => Promise<void>): Promise<void> {
  for (;;) {
    const batch: JsMsg[] = [];
    for await (const msg of await reader.fetch({ max_messages: batchSize, expires: 1_000 })) batch.push(msg);
    if (batch.length > 0) await onBatch(batch);
    if (batch.length === 0 || batch[batch.length - 1].info.pending === 0) return;
  }
}
