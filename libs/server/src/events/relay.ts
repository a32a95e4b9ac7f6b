import { eventsOfSource } from '@fodmap/contracts';
import { Logger } from '@nestjs/common';
import { relayOldestUnpublishedAge, relayUnpublishedEvents } from '../observability/metrics';
import { JetStreamClient, NatsConnection } from 'nats';
import { DataSource, EntityManager } from 'typeorm';
import { erasureLockKey } from './erasure';
import { EventStore } from './event-store';
import { encodeEvent, ensureEventStream, eventHeaders, eventStreamName, eventSubject } from './jetstream';
import { SessionLock } from './session-lock';
import { databaseUrlOf, errorMessage, qualifiedTable } from './sql';
import { Waiter } from './waiter';

export interface EventRelayOptions {
  dataSource: DataSource;
  nats: NatsConnection;
  natsPrefix: string;
  /** The producing service: the `<service>` token of every subject it publishes. */
  service: string;
  /** Events read and published per checkpoint write. */
  batchSize?: number;
  /** How often it looks for events when no NOTIFY woke it, and how long it pauses after a failure. */
  pollIntervalMs?: number;
}

/**
 * Publishes a service's committed events to JetStream in position order, the event id as `Nats-Msg-Id`.
 * It stores its checkpoint after publishing: a crash between the two republishes a few events, which
 * JetStream drops as duplicates within its window and consumers skip by position after it.
 * Publishes are awaited one by one, so no event reaches the stream before the ones it follows.
 */
export class EventRelay {
  private readonly logger: Logger;
  private readonly store: EventStore;
  private readonly js: JetStreamClient;
  private readonly lock: SessionLock;
  private readonly waiter = new Waiter();
  private readonly checkpointTable: string;
  private readonly streamName: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private loop: Promise<void> | null = null;
  private running = false;

  constructor(private readonly options: EventRelayOptions) {
    this.logger = new Logger(`EventRelay:${options.service}`);
    this.store = new EventStore(options.dataSource, options.service, eventsOfSource(options.service));
    this.js = options.nats.jetstream();
    this.lock = new SessionLock(databaseUrlOf(options.dataSource), `${this.store.schema}.relay`);
    this.checkpointTable = qualifiedTable(this.store.schema, 'relay_checkpoints');
    this.streamName = eventStreamName(options.natsPrefix);
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the publish in progress, then releases the lock; no timer is left behind. */
  async stop(): Promise<void> {
    this.running = false;
    this.waiter.wake();
    await this.lock.cancelWait();
    await this.loop;
    this.loop = null;
    await this.lock.release();
  }

  /** Started and not stopped: its loop (active, or standing by for the lock) is alive. */
  get alive(): boolean {
    return this.running && this.loop !== null;
  }

  /** Sets the relay's lag gauges: events after its checkpoint, and the age of the oldest (for a scrape). */
  async reportLag(): Promise<void> {
    const [lag]: Array<{ unpublished: number; oldest_seconds: number | null }> = await this.options.dataSource.query(
      `SELECT count(*)::integer AS unpublished, extract(epoch FROM now() - min((event.metadata->>'occurredAt')::timestamptz))::float8 AS oldest_seconds
       FROM ${qualifiedTable(this.store.schema, 'events')} event
       WHERE event.position > COALESCE((SELECT position FROM ${this.checkpointTable} WHERE stream = $1), 0)`,
      [this.streamName],
    );
    relayUnpublishedEvents.set({ service: this.options.service }, lag.unpublished);
    relayOldestUnpublishedAge.set({ service: this.options.service }, Math.max(0, lag.oldest_seconds ?? 0));
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (!this.lock.held && !(await this.becomeActive())) continue;
        const published = await this.publishBatch();
        if (published < this.batchSize && this.running) await this.waiter.wait(this.pollIntervalMs);
      } catch (error) {
        this.logger.error(`Publishing failed, retrying: ${errorMessage(error)}`);
        await this.lock.release();
        if (this.running) await this.waiter.wait(this.pollIntervalMs);
      }
    }
  }

  /** Waits for the relay lock (a standby waits here); false when stop() ended the wait. */
  private async becomeActive(): Promise<boolean> {
    if (!(await this.lock.acquire())) return false;
    await ensureEventStream(await this.options.nats.jetstreamManager(), this.options.natsPrefix);
    await this.lock.listen(this.store.notifyChannel, () => this.waiter.wake());
    return true;
  }

  /**
   * Publishes the next batch; returns how many events it published. The batch holds the erasure lock shared, so an
   * erasure (which holds it exclusively) purges after every message of its person is published, or before it is read.
   */
  private async publishBatch(): Promise<number> {
    let failure: unknown = null;
    const read = await this.options.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [erasureLockKey(this.store.schema)]);
      const checkpoint = await this.readCheckpoint(manager);
      const events = await this.store.readCommitted(checkpoint, this.batchSize, manager);
      let published = checkpoint;
      try {
        for (const event of events) {
          if (!this.running || !this.lock.held) break;
          await this.js.publish(eventSubject(this.options.natsPrefix, this.options.service, event.type, event.data), encodeEvent(event), {
            msgID: event.eventId,
            headers: eventHeaders(this.options.service, event),
          });
          published = event.position;
        }
      } catch (error) {
        // Thrown after the commit, so that the checkpoint of what was published is kept.
        failure = error;
      }
      if (published > checkpoint) await this.saveCheckpoint(manager, published);
      return events.length;
    });
    if (failure !== null) throw failure;
    return read;
  }

  private async readCheckpoint(manager: EntityManager): Promise<number> {
    const rows: Array<{ position: string }> = await manager.query(
      `SELECT position FROM ${this.checkpointTable} WHERE stream = $1`,
      [this.streamName],
    );
    return rows.length === 0 ? 0 : Number(rows[0].position);
  }

  private async saveCheckpoint(manager: EntityManager, position: number): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.checkpointTable} (stream, position, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (stream) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [this.streamName, position],
    );
  }
}
