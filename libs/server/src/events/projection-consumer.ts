import { Logger } from '@nestjs/common';
import { consumerLag } from '../observability/metrics';
import { contextOf, inSpan, SpanKind } from '../observability/tracing';
import { AckPolicy, ConsumerMessages, DeliverPolicy, JetStreamManager, JsMsg, nanos, NatsConnection, NatsError } from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { EventNotApplicableError } from './catalog';
import { withCausation } from './correlation';
import { StoredEvent } from './event';
import { decodeEvent, ensureEventStream, EventHeaders, eventStreamName, isSourceSubject, sourceSubjectFilter, streamMessage } from './jetstream';
import { applyEvent, batchContext, Projection, projectionSources, projectionTables } from './projection';
import { SessionLock } from './session-lock';
import { databaseUrlOf, errorMessage, qualifiedTable, schemaOf } from './sql';
import { Waiter } from './waiter';

export interface ConsumerTuning {
  /** Deliveries of one event before it is dead-lettered. */
  maxDeliver: number;
  /** Delay before redelivery after the n-th failed attempt (the last value repeats). */
  backoffMs: number[];
  /** How long JetStream waits for an ack before redelivering, e.g. after the process died mid-event. */
  ackWaitMs: number;
  /** How long a processor pauses after a failure before it waits for the projection's lock again. */
  lockRetryMs: number;
  /** The most events of a source applied in one transaction, and the most JetStream hands out unacknowledged. */
  batchSize: number;
}

export const defaultConsumerTuning: ConsumerTuning = {
  maxDeliver: 5,
  backoffMs: [1_000, 5_000, 30_000, 120_000],
  ackWaitMs: 30_000,
  lockRetryMs: 5_000,
  batchSize: 256,
};

export interface ProjectionConsumerOptions {
  dataSource: DataSource;
  nats: NatsConnection;
  natsPrefix: string;
  projection: Projection;
  tuning?: Partial<ConsumerTuning>;
}

/** A projection's durable JetStream consumer of one source service's events. */
export function durableName(projection: string, source: string): string {
  return `${projection}_${source}`;
}

/** Deletes a durable consumer of the stream, if it exists. */
export async function deleteDurable(jsm: JetStreamManager, streamName: string, name: string): Promise<void> {
  try {
    await jsm.consumers.delete(streamName, name);
  } catch (error) {
    if (!(error instanceof NatsError && error.code === '404')) throw error;
  }
}

/** Locks the checkpoint row for the rest of the transaction and returns its position. */
export async function lockCheckpoint(manager: EntityManager, table: string, projection: string, source: string): Promise<number> {
  const rows: Array<{ position: string }> = await manager.query(
    `SELECT position FROM ${table} WHERE projection = $1 AND source = $2 FOR UPDATE`,
    [projection, source],
  );
  if (rows.length === 0) throw new Error(`No checkpoint for projection ${projection} of ${source}`);
  return Number(rows[0].position);
}

/** Stores the last position applied and the JetStream sequence of its message, from which a restart resumes. */
export async function setCheckpoint(manager: EntityManager, table: string, projection: string, source: string, position: number, streamSequence: number): Promise<void> {
  await manager.query(`UPDATE ${table} SET position = $3, stream_sequence = $4, updated_at = now() WHERE projection = $1 AND source = $2`, [
    projection,
    source,
    position,
    streamSequence,
  ]);
}

export interface DeadLetterInput {
  projection: string;
  source: string;
  event: StoredEvent | null;
  subject: string;
  body: string;
  error: string;
  attempts: number;
}

/** Records an event a projection gives up on; a later failure of the same event (e.g. in a rebuild) updates the record. */
export async function recordDeadLetter(manager: EntityManager, table: string, letter: DeadLetterInput): Promise<void> {
  await manager.query(
    `INSERT INTO ${table} AS letter (projection, source, position, event_id, type, subject, body, error, attempts, failed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (projection, source, position) DO UPDATE
       SET error = EXCLUDED.error, attempts = letter.attempts + EXCLUDED.attempts, failed_at = now()`,
    [letter.projection, letter.source, letter.event?.position ?? null, letter.event?.eventId ?? null, letter.event?.type ?? null, letter.subject, letter.body, letter.error, letter.attempts],
  );
}

/**
 * Keeps one projection up to date from JetStream: one durable pull consumer per source service.
 *
 * The events of a source that have arrived while the one before was being applied are applied together, in order, in
 * one transaction that first locks the checkpoint row (the last applied position per source) and ends by moving it;
 * a projection with batchedWrites has the batch's writes folded into a few statements (keyed-writes.ts). An event at
 * or below the checkpoint is skipped, so a redelivery or a republished duplicate is applied once. The acks follow the
 * commit. A batch in which anything fails is rolled back and redone event by event, each in its own transaction; an
 * event that fails is retried here with backoff while the events behind it wait (JetStream is told the work goes on),
 * so a source's events are applied in order even across failures. On its last allowed attempt a failing event is
 * written to dead_letters, the checkpoint moves past it and it is terminated; an event no retry can help is
 * dead-lettered at once. A processor that stops or loses its lock leaves the rest unacknowledged: whoever takes the
 * lock next points the durable consumers at the checkpoint again (prepare). A session advisory lock makes one
 * processor per projection active; others stand by.
 */
export class ProjectionConsumer {
  private readonly logger: Logger;
  private readonly tuning: ConsumerTuning;
  private readonly lock: SessionLock;
  private readonly waiter = new Waiter();
  /** The backoff pauses of failing events in progress, one per source at most: stop() or a lost lock cuts them short. */
  private readonly pauses = new Set<Waiter>();
  private readonly lockWatch = new Waiter();
  private readonly checkpointTable: string;
  private readonly deadLetterTable: string;
  private readonly tables: Record<string, string>;
  private readonly streamName: string;
  private readonly sources: string[];
  private subscriptions: ConsumerMessages[] = [];
  private loop: Promise<void> | null = null;
  private running = false;

  constructor(private readonly options: ProjectionConsumerOptions) {
    const { projection, dataSource } = options;
    const schema = schemaOf(dataSource);
    this.logger = new Logger(`Projection:${projection.name}`);
    this.tuning = { ...defaultConsumerTuning, ...options.tuning };
    this.lock = new SessionLock(databaseUrlOf(dataSource), `${schema}.projection.${projection.name}`);
    this.checkpointTable = qualifiedTable(schema, 'projection_checkpoints');
    this.deadLetterTable = qualifiedTable(schema, 'dead_letters');
    this.tables = projectionTables(projection, schema);
    this.streamName = eventStreamName(options.natsPrefix);
    this.sources = projectionSources(projection);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Lets the event in progress commit and ack, then stops pulling and releases the lock. */
  async stop(): Promise<void> {
    this.running = false;
    this.waiter.wake();
    this.wakePauses();
    this.lockWatch.wake();
    await this.lock.cancelWait();
    await this.closeSubscriptions();
    await this.loop;
    this.loop = null;
    await this.lock.release();
  }

  /** Started and not stopped: its loop (consuming, or standing by for the lock) is alive. */
  get alive(): boolean {
    return this.running && this.loop !== null;
  }

  /**
   * Sets the lag gauge of each source (for a scrape): what its durable consumer has not had acknowledged, pending plus
   * in flight. Every replica reads the same durable, active or standing by, so every replica reports the same figure.
   */
  async reportLag(): Promise<void> {
    const { nats, projection } = this.options;
    const jsm = await nats.jetstreamManager();
    await Promise.all(
      this.sources.map(async (source) => {
        const info = await jsm.consumers.info(this.streamName, durableName(projection.name, source)).catch(() => null);
        if (info) consumerLag.set({ projection: projection.name, source }, info.num_pending + info.num_ack_pending);
      }),
    );
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        // A standby waits here, inside PostgreSQL, until the active processor's connection goes.
        if (await this.lock.acquire()) {
          await this.prepare();
          const consuming = Promise.all(this.sources.map((source) => this.consumeUntilFailure(source)));
          // Runs until stop() closes the subscriptions, a source fails, or the lock's connection is lost.
          await Promise.race([consuming, this.watchLock()]);
          this.wakePauses();
          await this.closeSubscriptions();
          await consuming;
        }
      } catch (error) {
        this.logger.error(`Consuming failed, retrying: ${errorMessage(error)}`);
      }
      await this.closeSubscriptions();
      await this.lock.release();
      this.lockWatch.wake();
      if (this.running) await this.waiter.wait(this.tuning.lockRetryMs);
    }
  }

  private async watchLock(): Promise<void> {
    while (this.running && this.lock.held) await this.lockWatch.wait(1_000);
  }

  /** A failing source stops all of them, so the processor restarts as a whole instead of running half. */
  private async consumeUntilFailure(source: string): Promise<void> {
    try {
      await this.consume(source);
    } catch (error) {
      this.logger.error(`Consuming ${source} failed: ${errorMessage(error)}`);
      await this.closeSubscriptions();
    }
  }

  /**
   * Points each source's durable consumer at the message after the checkpoint's stream sequence. PostgreSQL, not
   * NATS, decides where to resume: after a database restore the events since the restored checkpoint come again
   * (and are applied, once), and events NATS thinks acked but the database never committed are not lost.
   */
  private async prepare(): Promise<void> {
    const { dataSource, nats, natsPrefix, projection } = this.options;
    const jsm = await nats.jetstreamManager();
    await ensureEventStream(jsm, natsPrefix);
    for (const source of this.sources) {
      await dataSource.query(
        `INSERT INTO ${this.checkpointTable} (projection, source, position) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING`,
        [projection.name, source],
      );
      const [checkpoint]: Array<{ position: string; stream_sequence: string }> = await dataSource.query(
        `SELECT position, stream_sequence FROM ${this.checkpointTable} WHERE projection = $1 AND source = $2`,
        [projection.name, source],
      );
      const name = durableName(projection.name, source);
      await deleteDurable(jsm, this.streamName, name);
      await jsm.consumers.add(this.streamName, {
        durable_name: name,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: await this.resumeSequence(jsm, source, Number(checkpoint.position), Number(checkpoint.stream_sequence)),
        filter_subject: sourceSubjectFilter(natsPrefix, source),
        max_ack_pending: this.tuning.batchSize,
        max_deliver: -1,
        ack_wait: nanos(this.tuning.ackWaitMs),
      });
    }
  }

  /**
   * The message after the checkpoint's, when the stream still holds the checkpoint's event there. A stream that was
   * lost and created again (NATS data wiped, or another stream under the same name) numbers from 1 again: the
   * checkpoint's sequence then points past events never applied, so the source is read from the stream's start, and
   * what is already applied is skipped by position.
   */
  private async resumeSequence(jsm: JetStreamManager, source: string, position: number, sequence: number): Promise<number> {
    if (sequence === 0) return 1;
    const message = await streamMessage(jsm, this.streamName, sequence);
    const ofSource = message !== null && isSourceSubject(this.options.natsPrefix, source, message.subject);
    if (ofSource && Number(message.header?.get(EventHeaders.position) || 0) <= position) return sequence + 1;
    this.logger.warn(
      `Stream ${this.streamName} does not hold event ${position} of ${source} at message ${sequence} (the stream was created again): reading ${source} from the stream's start, skipping events already applied`,
    );
    return 1;
  }

  private async consume(source: string): Promise<void> {
    const consumer = await this.options.nats.jetstream().consumers.get(this.streamName, durableName(this.options.projection.name, source));
    const messages = await consumer.consume({ max_messages: this.tuning.batchSize });
    this.subscriptions.push(messages);
    // stop() during prepare() closed the subscriptions before this one existed: close it, or it is pulled forever
    // (not awaited: the close completes as the loop below drains it).
    if (!this.running) void messages.close().catch(() => undefined);
    const arrived = new Arrivals(messages);
    for (let batch = await arrived.next(this.tuning.batchSize); batch.length > 0; batch = await arrived.next(this.tuning.batchSize)) {
      if (!this.active) {
        // Not ours to process any more: let JetStream hand them out again now rather than after ack_wait.
        nakAll(batch);
        break;
      }
      if (!(await this.handleBatch(source, batch))) break;
    }
    nakAll(arrived.drain());
  }

  private get active(): boolean {
    return this.running && this.lock.held;
  }

  private async closeSubscriptions(): Promise<void> {
    const subscriptions = this.subscriptions;
    this.subscriptions = [];
    await Promise.all(subscriptions.map((messages) => messages.close().catch(() => undefined)));
  }

  /** Applies a batch and acks it; false when the processor stopped or lost its lock during it (the rest are nak'ed). */
  private async handleBatch(source: string, batch: JsMsg[]): Promise<boolean> {
    const events = batch.length > 1 ? decodeAll(batch) : null;
    if (events !== null) {
      try {
        await this.applyAll(source, events, batch);
        for (const msg of batch) msg.ack();
        return true;
      } catch (error) {
        this.logger.warn(`A batch of ${batch.length} events of ${source} failed, applying them one by one: ${errorMessage(error)}`);
      }
    }
    for (const [index, msg] of batch.entries()) {
      if (!(await this.handle(source, msg, batch.slice(index + 1)))) {
        nakAll(batch.slice(index));
        return false;
      }
    }
    return true;
  }

  /**
   * Applies one event, retrying it with backoff while `behind` waits; false when the processor stopped or lost its lock
   * before the event was applied or dead-lettered.
   */
  private async handle(source: string, msg: JsMsg, behind: JsMsg[]): Promise<boolean> {
    let event: StoredEvent | null = null;
    for (let attempt = 1; ; attempt++) {
      try {
        event = decodeEvent(msg);
        await this.applyAll(source, [event], [msg]);
        msg.ack();
        return true;
      } catch (error) {
        // An event no retry can help (unknown type or version, invalid data, no handler) is dead-lettered at once.
        if (event !== null && !(error instanceof EventNotApplicableError) && attempt < this.tuning.maxDeliver) {
          const delay = this.tuning.backoffMs[Math.min(attempt, this.tuning.backoffMs.length) - 1];
          this.logger.warn(`Event ${event.position} of ${source} failed (attempt ${attempt}), retrying in ${delay} ms: ${errorMessage(error)}`);
          await this.pause(delay, [msg, ...behind]);
          if (!this.active) return false;
          continue;
        }
        await this.deadLetter(source, msg, event, errorMessage(error), attempt);
        msg.term();
        return true;
      }
    }
  }

  /** Waits `ms` (cut short by stop() or a lost lock), telling JetStream meanwhile that the messages held are still being worked on. */
  private async pause(ms: number, held: JsMsg[]): Promise<void> {
    const until = Date.now() + ms;
    const pause = new Waiter();
    this.pauses.add(pause);
    try {
      for (let left = ms; left > 0 && this.active; left = until - Date.now()) {
        for (const msg of held) msg.working();
        await pause.wait(Math.min(left, this.tuning.ackWaitMs / 3));
      }
    } finally {
      this.pauses.delete(pause);
    }
  }

  private wakePauses(): void {
    for (const pause of this.pauses) pause.wake();
  }

  /** Applies the events after the checkpoint, in order, and moves the checkpoint to the last: one transaction. */
  private async applyAll(source: string, events: StoredEvent[], messages: JsMsg[]): Promise<void> {
    const { dataSource, projection } = this.options;
    await dataSource.transaction(async (manager) => {
      let checkpoint = await lockCheckpoint(manager, this.checkpointTable, projection.name, source);
      let sequence = 0;
      const { context, flush } = batchContext(projection, manager, this.tables);
      for (const [index, event] of events.entries()) {
        if (event.position <= checkpoint) continue;
        // Whatever the handler causes (events, emails) goes back to this event and the request behind it, and, when
        // tracing is on, continues the trace of that request (the traceparent stored with the event).
        await withCausation({ correlationId: event.metadata.correlationId, causationId: event.eventId }, () =>
          inSpan(`consume ${source}.${event.type}`, SpanKind.CONSUMER, contextOf(event.metadata.traceparent), { 'messaging.system': 'nats', 'fodmap.projection': projection.name }, () =>
            applyEvent(projection, source, context, event),
          ),
        );
        checkpoint = event.position;
        sequence = messages[index].info.streamSequence;
      }
      if (sequence === 0) return;
      await flush();
      await setCheckpoint(manager, this.checkpointTable, projection.name, source, checkpoint, sequence);
    });
  }

  private async deadLetter(source: string, msg: JsMsg, event: StoredEvent | null, error: string, attempts: number): Promise<void> {
    const { dataSource, projection } = this.options;
    this.logger.error(`Dead-lettering ${event ? `event ${event.position}` : 'an undecodable message'} of ${source} after ${attempts} attempt(s): ${error}`);
    await dataSource.transaction(async (manager) => {
      const checkpoint = await lockCheckpoint(manager, this.checkpointTable, projection.name, source);
      if (event !== null && event.position <= checkpoint) return;
      await recordDeadLetter(manager, this.deadLetterTable, {
        projection: projection.name,
        source,
        event,
        subject: msg.subject,
        body: new TextDecoder().decode(msg.data),
        error,
        attempts,
      });
      // An undecodable message has no position: only the sequence moves past it, so a restart does not deliver it again.
      await setCheckpoint(manager, this.checkpointTable, projection.name, source, event?.position ?? checkpoint, msg.info.streamSequence);
    });
  }
}

/** Each message's event, or null when one of them cannot be decoded (the batch is then handled one by one). */
function decodeAll(messages: JsMsg[]): StoredEvent[] | null {
  try {
    return messages.map(decodeEvent);
  } catch {
    return null;
  }
}

function nakAll(messages: JsMsg[]): void {
  for (const msg of messages) msg.nak();
}

/**
 * The messages of a pull subscription as they arrive, taken in batches: all that arrived while the batch before was
 * being applied (JetStream's max_ack_pending bounds how many that can be).
 */
class Arrivals {
  private readonly queue: JsMsg[] = [];
  private readonly arrival = new Waiter();
  private ended = false;
  private failure: unknown = null;

  constructor(messages: ConsumerMessages) {
    void (async () => {
      try {
        for await (const msg of messages) {
          this.queue.push(msg);
          this.arrival.wake();
        }
      } catch (error) {
        this.failure = error;
      } finally {
        this.ended = true;
        this.arrival.wake();
      }
    })();
  }

  /** Up to `max` messages, in order, once at least one has arrived; none once the subscription has ended; throws what ended it. */
  async next(max: number): Promise<JsMsg[]> {
    while (this.queue.length === 0 && !this.ended) await this.arrival.wait(60_000);
    if (this.queue.length === 0 && this.failure !== null) throw this.failure;
    return this.queue.splice(0, max);
  }

  /** What arrived and was not taken. */
  drain(): JsMsg[] {
    return this.queue.splice(0);
  }
}
