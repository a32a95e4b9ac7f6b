import { Logger } from '@nestjs/common';
import { Consumer, DeliverPolicy, JsMsg, NatsConnection } from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { StoredEvent } from './event';
import { EventStore } from './event-store';
import { decodeEvent, ensureEventStream, EventHeaders, sourceSubjectFilter } from './jetstream';
import { lockCheckpoint, recordDeadLetter, setCheckpoint } from './projection-consumer';
import { BatchedWrites } from './keyed-writes';
import { applyEvent, batchContext, Projection, projectionContext, projectionSources, projectionTables, REBUILD_SUFFIX } from './projection';
import { replayedJobs } from '../jobs/projection-jobs';
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
 *
 * Speed: events are applied a fetched batch (2,000) per transaction, with no savepoint per event and asynchronous
 * commits (the swap's synchronous commit makes them durable); while one batch is written the next is folded (for a
 * projection with `batchedWrites`, in memory into a few set-based statements: keyed-writes.ts) and the one after it
 * fetched (`drain`). A batch in which anything fails is rolled back to its savepoint and redone event by event, each
 * under a savepoint of its own, so a failing event is still dead-lettered alone and the others applied.
 * journal_history, 36,000 events, on a shared two-core machine: under 1,000 events a second with a savepoint and a
 * statement per event; 10,000 to 12,500 with batches written while the next was fetched and folded; 13,500 to 25,000
 * now, depending on the machine's other load (the command, with Node's 0.7 s of start-up, 10,000 to 17,500). Node is
 * then busy nearly all the time (JSON, zod, the NATS client), PostgreSQL on the other core about two thirds of it.
 */
export interface RebuildResult {
  projection: string;
  /** Events replayed, duplicates excluded. */
  events: number;
  /** The last position replayed, per source service. */
  positions: Record<string, number>;
  /** From the first read to the swap's commit: events / seconds is the replay's speed, start-up aside. */
  seconds: number;
}

const logger = new Logger('Rebuild');

/** Events folded between two turns of the event loop, in which the writes of the batch before go on. */
const FOLD_YIELD_EVERY = 50;

async function createFreshTables(dataSource: DataSource, projection: Projection, schema: string): Promise<Record<string, string>> {
  const live = projectionTables(projection, schema);
  const fresh = projectionTables(projection, schema, REBUILD_SUFFIX);
  for (const table of projection.tables) {
    await dataSource.query(`DROP TABLE IF EXISTS ${fresh[table]}`);
    await dataSource.query(`CREATE TABLE ${fresh[table]} (LIKE ${live[table]} INCLUDING ALL)`);
  }
  return fresh;
}

/**
 * Gives the planner statistics of the fresh tables before they are swapped in: without them it took a heavy user's
 * rows for one and chose plans ten times slower, until autovacuum came round. JSON columns are left out: their
 * statistics serve no plan and cost most of the time (a third of a second for 15,000 food snapshots).
 */
async function analyze(dataSource: DataSource, schema: string, projection: Projection): Promise<void> {
  for (const table of projection.tables) {
    const columns: Array<{ name: string }> = await dataSource.query(
      `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND data_type NOT IN ('json', 'jsonb') ORDER BY ordinal_position`,
      [schema, `${table}${REBUILD_SUFFIX}`],
    );
    await dataSource.query(`ANALYZE ${qualifiedTable(schema, `${table}${REBUILD_SUFFIX}`)} (${columns.map(({ name }) => quoteIdentifier(name)).join(', ')})`);
  }
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
  const started = performance.now();
  const { dataSource, schema, service } = store;
  const tables = await createFreshTables(dataSource, projection, schema);
  let position = 0;
  let count = 0;
  const replay = async (manager: EntityManager, events: StoredEvent[]) => {
    const { context, flush } = batchContext(projection, manager, tables, replayedJobs);
    for (const event of events) await applyEvent(projection, service, context, event);
    await flush();
    if (events.length > 0) position = events[events.length - 1].position;
    count += events.length;
  };
  for (let events = await store.readCommitted(0, batchSize); events.length > 0; events = await store.readCommitted(position, batchSize)) {
    await dataSource.transaction((manager) => replay(manager, events));
  }
  await analyze(dataSource, schema, projection);
  await dataSource.transaction(async (manager) => {
    // Under the append lock only the few events appended since the last batch remain, still read batch by batch.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [store.appendLockKey]);
    for (let events = await store.readCommitted(position, batchSize, manager); events.length > 0; events = await store.readCommitted(position, batchSize, manager)) {
      await replay(manager, events);
    }
    await swapTables(manager, projection, schema);
  });
  logger.log(`Rebuilt ${projection.name} from ${count} events in ${secondsSince(started)} s`);
  return { projection: projection.name, events: count, positions: { [service]: position }, seconds: secondsSince(started) };
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
  const started = performance.now();
  const { dataSource, nats, natsPrefix, projection } = options;
  const batchSize = options.batchSize ?? 2000;
  const schema = schemaOf(dataSource);
  const checkpointTable = qualifiedTable(schema, 'projection_checkpoints');
  const deadLetterTable = qualifiedTable(schema, 'dead_letters');
  const tables = await createFreshTables(dataSource, projection, schema);
  const streamName = await ensureEventStream(await nats.jetstreamManager(), natsPrefix);
  const sources = projectionSources(projection);
  const positions: Record<string, number> = Object.fromEntries(sources.map((source) => [source, 0]));
  const sequences: Record<string, number> = Object.fromEntries(sources.map((source) => [source, 0]));
  let count = 0;

  /** Where the folds of each source have got to: ahead of `positions` by the batch being written meanwhile. */
  const folded: Record<string, number> = { ...positions };

  /**
   * Folds a batch of a projection with batchedWrites into its writes, in memory: it may run while the batch before is
   * written. A batch that fails to fold is redone event by event when its turn comes. Other projections' handlers use
   * the database, so their batches are replayed only in their turn.
   */
  const fold = async (source: string, messages: JsMsg[]): Promise<Prepared> => {
    if (!projection.batchedWrites) return { messages, folded: null };
    const progress = { position: folded[source], sequence: 0, count: 0 };
    const rows = new BatchedWrites(tables, projection.keys);
    try {
      await applyNewEvents(messages, progress, async (event, _msg, index) => {
        // The batch before is being written meanwhile: its statements wait on this loop unless it lets them through.
        if (index % FOLD_YIELD_EVERY === 0) await new Promise(setImmediate);
        // Its handlers are typed without the manager: they reach the database only through `rows`.
        await applyEvent(projection, source, { manager: dataSource.manager, tables, rows, jobs: replayedJobs }, event);
      });
      folded[source] = progress.position;
      return { messages, folded: { progress, rows } };
    } catch {
      // The redo passes every event of the batch, applied or dead-lettered: the next fold starts after the last of them.
      for (const msg of messages) {
        const position = Number(msg.headers?.get(EventHeaders.position));
        if (Number.isSafeInteger(position)) folded[source] = Math.max(folded[source], position);
      }
      return { messages, folded: null };
    }
  };

  /** A batch replayed at once, no savepoint per event: a folded one written, another one's handlers run. */
  const replayAtOnce = async (manager: EntityManager, source: string, { messages, folded: ready }: Prepared): Promise<Progress> => {
    if (ready) {
      await ready.rows.flush(manager);
      return ready.progress;
    }
    if (projection.batchedWrites) throw new Error('The batch did not fold');
    const context = projectionContext(projection, manager, tables, replayedJobs);
    return applyNewEvents(messages, { position: positions[source], sequence: sequences[source], count: 0 }, async (event) => {
      await applyEvent(projection, source, context, event);
    });
  };

  /** A batch replayed event by event, each under a savepoint: an event whose handler fails is dead-lettered and passed over. */
  const replayOneByOne = async (manager: EntityManager, source: string, messages: JsMsg[]): Promise<Progress> => {
    const context = projectionContext(projection, manager, tables, replayedJobs);
    return applyNewEvents(messages, { position: positions[source], sequence: sequences[source], count: 0 }, async (event, msg) => {
      await manager.query('SAVEPOINT rebuild_event');
      try {
        await applyEvent(projection, source, context, event);
        await manager.query('RELEASE SAVEPOINT rebuild_event');
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT rebuild_event');
        const body = new TextDecoder().decode(msg.data);
        await recordDeadLetter(manager, deadLetterTable, { projection: projection.name, source, event, subject: msg.subject, body, error: errorMessage(error), attempts: 1 });
      }
    });
  };

  /** Most batches apply at once; one that fails anywhere is undone and redone event by event to find what fails. */
  const replay = async (manager: EntityManager, source: string, prepared: Prepared) => {
    await manager.query('SAVEPOINT rebuild_batch');
    let progress: Progress;
    try {
      progress = await replayAtOnce(manager, source, prepared);
      await manager.query('RELEASE SAVEPOINT rebuild_batch');
    } catch {
      await manager.query('ROLLBACK TO SAVEPOINT rebuild_batch');
      progress = await replayOneByOne(manager, source, prepared.messages);
    }
    positions[source] = progress.position;
    sequences[source] = progress.sequence;
    count += progress.count;
  };

  const readers = new Map<string, Consumer>();
  for (const source of sources) {
    const reader = await nats.jetstream().consumers.get(streamName, {
      filterSubjects: sourceSubjectFilter(natsPrefix, source),
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: 1,
    });
    readers.set(source, reader);
    await drain(
      reader,
      batchSize,
      (messages) => fold(source, messages),
      (prepared) =>
        dataSource.transaction(async (manager) => {
          // Nothing waits on these commits but the swap's, which is synchronous and so makes them durable too.
          await manager.query('SET LOCAL synchronous_commit = off');
          await replay(manager, source, prepared);
        }),
    );
    await dataSource.query(`INSERT INTO ${checkpointTable} (projection, source, position) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`, [projection.name, source]);
  }

  await analyze(dataSource, schema, projection);
  await dataSource.transaction(async (manager) => {
    const live: Record<string, number> = {};
    for (const source of sources) live[source] = await lockCheckpoint(manager, checkpointTable, projection.name, source);
    for (const [source, reader] of readers) {
      await drain(reader, batchSize, (messages) => fold(source, messages), (prepared) => replay(manager, source, prepared));
      // Never swap in tables behind what the live processor has applied: those events would not come again.
      if (positions[source] < live[source]) {
        throw new Error(`${projection.name} has applied ${source} up to ${live[source]} but its stream ends at ${positions[source]}`);
      }
    }
    await swapTables(manager, projection, schema);
    for (const source of sources) await setCheckpoint(manager, checkpointTable, projection.name, source, positions[source], sequences[source]);
  });
  logger.log(`Rebuilt ${projection.name} from ${count} events in ${secondsSince(started)} s`);
  return { projection: projection.name, events: count, positions, seconds: secondsSince(started) };
}

function secondsSince(start: number): number {
  return Math.round(performance.now() - start) / 1000;
}

interface Progress {
  position: number;
  sequence: number;
  count: number;
}

/**
 * Runs `apply` on each message's event past `progress.position`, in order, and moves `progress` along: the stream
 * sequence of every message read, the position and count of every event applied (a redelivered one is passed over).
 */
async function applyNewEvents(messages: JsMsg[], progress: Progress, apply: (event: StoredEvent, msg: JsMsg, index: number) => Promise<void>): Promise<Progress> {
  for (const [index, msg] of messages.entries()) {
    const event = decodeEvent(msg);
    progress.sequence = msg.info.streamSequence;
    if (event.position <= progress.position) continue;
    await apply(event, msg, index);
    progress.position = event.position;
    progress.count += 1;
  }
  return progress;
}

/** A fetched batch, with its writes when its projection's are folded (batchedWrites). */
interface Prepared {
  messages: JsMsg[];
  folded: { progress: Progress; rows: BatchedWrites } | null;
}

/**
 * Reads an ordered consumer in batches until it has delivered the stream's last matching message.
 * Every fetch is read to its end: the ordered consumer counts a message as delivered once received, so leaving
 * one unread in a fetch would skip it. A fetch asks for no more than the messages pending: one asking for more is
 * held open by the server until it expires (a second wasted at the end of every replay).
 * Batches are applied one after the other, in order, while the next is prepared and the one after it fetched (one
 * fetch at a time, as the ordered consumer requires): fetching, folding and writing one after the other left each
 * waiting on the others, a fetch mostly on the server.
 */
async function drain<T>(reader: Consumer, batchSize: number, prepare: (messages: JsMsg[]) => Promise<T>, apply: (prepared: T) => Promise<void>): Promise<void> {
  const fetchBatch = async (pending: number): Promise<JsMsg[]> => {
    const batch: JsMsg[] = [];
    for await (const msg of await reader.fetch({ max_messages: Math.min(batchSize, pending), expires: 1_000 })) batch.push(msg);
    return batch;
  };
  // Each is awaited in its turn, or at the end; until then a failure must not count as unhandled.
  const started = <V>(promise: Promise<V>): Promise<V> => {
    promise.catch(() => undefined);
    return promise;
  };
  const pending = (await reader.info()).num_pending;
  let fetching = pending > 0 ? started(fetchBatch(pending)) : null;
  let applying: Promise<void> = Promise.resolve();
  try {
    while (fetching) {
      const batch = await fetching;
      if (batch.length === 0) break;
      const left = batch[batch.length - 1].info.pending;
      fetching = left > 0 ? started(fetchBatch(left)) : null;
      const prepared = await prepare(batch);
      await applying;
      applying = started(apply(prepared));
    }
    await applying;
  } finally {
    // On a failure, the fetch or write still under way ends before the reader and the connections go.
    await Promise.allSettled([fetching, applying]);
  }
}
