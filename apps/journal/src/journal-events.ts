import { domainEvents } from '@fodmap/contracts';
import { EventStore, InlineProjection, NewEvent, readEvent, StoredEvent, StreamVersionConflictError } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { journalSchema } from './journal.schema';

/** Enough for every one of a burst of concurrent changes to one stream to land: each round, one of them commits. */
const MAX_ATTEMPTS = 10;

/** Work that must commit or roll back with an append: an idempotency key, a check under the append lock. */
export type InTransaction = (manager: EntityManager, stored: StoredEvent[]) => Promise<void>;

/** `before` runs under the append lock before the projections, `after` once they have run. */
export interface AppendWork {
  before?: InTransaction;
  after?: InTransaction;
}

type IdSequence = 'meal_id_seq' | 'meal_food_id_seq' | 'symptom_id_seq';

/** The journal's event store with every read table of the journal kept in the append's transaction. */
@Injectable()
export class JournalEvents {
  private readonly projections: InlineProjection[];

  constructor(private readonly store: EventStore) {
    this.projections = journalSchema.inline.map((projection) => store.inlineProjection(projection));
  }

  get dataSource(): DataSource {
    return this.store.dataSource;
  }

  /** The next id of a sequence: ids are taken before the events that carry them. */
  async nextId(sequence: IdSequence): Promise<number> {
    const [id] = await this.nextIds(sequence, 1);
    return id;
  }

  /** The next `count` ids of a sequence in one round trip, in order (a meal's foods). */
  async nextIds(sequence: IdSequence, count: number): Promise<number[]> {
    if (count === 0) return [];
    const rows: Array<{ id: number }> = await this.store.dataSource.query(`SELECT nextval('${this.store.schema}.${sequence}')::int AS id FROM generate_series(1, $1) ORDER BY 1`, [count]);
    return rows.map(({ id }) => id);
  }

  /** A stream's events, validated and upcast to their current versions, and the stream's version. */
  async read(streamId: string): Promise<{ events: StoredEvent[]; version: number }> {
    const stored = await this.store.readStream(streamId);
    return { events: stored.map((event) => readEvent(domainEvents, event)), version: stored.at(-1)?.streamVersion ?? 0 };
  }

  /** `before` runs first, under the append lock, so what it checks cannot change until the commit. */
  async append(streamId: string, expectedVersion: number, events: NewEvent[], userId: number, work: AppendWork = {}): Promise<StoredEvent[]> {
    const { events: stored } = await this.store.append(streamId, expectedVersion, events, { userId }, async (manager, appended) => {
      await work.before?.(manager, appended);
      for (const project of this.projections) await project(manager, appended);
      await work.after?.(manager, appended);
    });
    return stored;
  }

  /**
   * Decides on the stream's latest events and appends what was decided. When another request appended in between, the
   * decision was made on an old state: read again and decide again (a food added meanwhile must not be lost, a meal
   * completed meanwhile must refuse). `work` commits with the events.
   */
  async execute(streamId: string, userId: number, decide: (events: StoredEvent[]) => NewEvent[], work: AppendWork = {}): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { events, version } = await this.read(streamId);
      const decided = decide(events);
      if (decided.length === 0) return;
      try {
        await this.append(streamId, version, decided, userId, work);
        return;
      } catch (error) {
        if (!(error instanceof StreamVersionConflictError) || attempt === MAX_ATTEMPTS) throw error;
      }
    }
  }
}
