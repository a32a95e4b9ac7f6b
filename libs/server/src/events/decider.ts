import { EventDefinitions, EventOf } from '@fodmap/contracts';
import { EntityManager } from 'typeorm';
import { RecordIdempotencyKey } from '../idempotency';
import { EventShape, NewEvent, StoredEvent } from './event';
import { EventStore, StreamVersionConflictError } from './event-store';
import { Projection } from './projection';

/**
 * The write side of one aggregate (a meal, a person's preferences), as plain functions: `decide` says what a command
 * records given the state (or throws the caller's failure), `evolve` folds one event into the state.
 */
export interface Decider<State, Command, Event extends EventShape> {
  initialState: () => State;
  decide: (command: Command, state: State) => Array<NewEvent<Event>>;
  evolve: (state: State, event: Event) => State;
}

/** The state a decider's events leave, from its initial state or from `state`. */
export function fold<State, Event extends EventShape>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
  state: State = decider.initialState(),
): State {
  return events.reduce(decider.evolve, state);
}

/** Enough for every one of a burst of concurrent changes to one stream to land: each round, one of them commits. */
const MAX_ATTEMPTS = 10;

/** Work that commits or rolls back with the append: a check under the append lock, a row written beside the events. */
export type InTransaction = (manager: EntityManager, stored: StoredEvent[]) => Promise<void>;

export interface CommandOptions {
  /** Who asked: the events' metadata. */
  userId: number | null;
  /** When it happened, when not now (a row written with the same instant). */
  occurredAt?: string;
  /** Runs under the append lock, before the inline projections: what it checks cannot change until the commit. */
  before?: InTransaction;
  /** Runs once the inline projections have. */
  after?: InTransaction;
  /** The client's Idempotency-Key (`IdempotencyKeys.createOnce`), stored in the append's transaction with the id it made. */
  idempotency?: { record: RecordIdempotencyKey; resourceId: number };
}

export interface CommandResult<State> {
  /** The state after the command: unchanged when it decided nothing. */
  state: State;
  /** What the command appended: none when it decided nothing. */
  events: StoredEvent[];
}

/** A stream's state and version as read before the command: `CommandHandler.handle` decides its first round on them. */
export interface KnownStream<State> {
  version: number;
  state: State;
}

/** A stream whose id was just taken from a sequence: nothing is in it yet, so it need not be read before the first decision. */
export function newStream<State, Command, Event extends EventShape>(decider: Decider<State, Command, Event>): KnownStream<State> {
  return { version: 0, state: decider.initialState() };
}

/** Where a state-stored aggregate keeps its state: a row read before deciding, written in the append's transaction. */
export interface StateStore<State, Event extends EventShape> {
  load: () => Promise<State>;
  save: (manager: EntityManager, state: State, events: ReadonlyArray<NewEvent<Event>>) => Promise<void>;
}

/**
 * Runs commands against a service's event store: read, decide, append with the expected version, and on a version
 * conflict read and decide again (the decision was made on an old state: a food added meanwhile must not be lost, a
 * meal completed meanwhile must refuse). The one retry loop and idempotency path of every write side.
 */
export class CommandHandler<D extends EventDefinitions> {
  constructor(
    private readonly store: EventStore<D>,
    /**
     * Read tables kept in the append's transaction, so the service reads its own writes at once: the service's inline
     * projections, applied together per append group (see `InlineWork`).
     */
    private readonly projections: readonly Projection[] = [],
  ) {}

  /**
   * An event-sourced aggregate: its state is its stream, folded. `known`, the stream's state and version as the caller
   * already read them (or a stream it knows is new: version 0, the initial state), saves reading the stream again for the
   * first decision; if it is stale the append is refused as any stale version is, and the next round reads the stream.
   */
  handle<State, Command>(
    decider: Decider<State, Command, EventOf<D>>,
    streamId: string,
    command: Command,
    options: CommandOptions,
    known?: KnownStream<State>,
  ): Promise<CommandResult<State>> {
    let first = known;
    return this.retryOnConflict(async () => {
      const { version, state } = first ?? (await this.read(decider, streamId));
      first = undefined;
      return this.decideAndAppend(decider, streamId, version, state, command, options);
    });
  }

  /** An event-sourced aggregate's state, folded from its stream, with the stream's version: what `handle` decides on. */
  async read<State, Command>(decider: Decider<State, Command, EventOf<D>>, streamId: string): Promise<KnownStream<State>> {
    const stored = await this.store.readStream(streamId);
    return { state: fold(decider, stored), version: stored.at(-1)?.streamVersion ?? 0 };
  }

  /**
   * A state-stored aggregate: the same decider on the state its row holds, the row written with the events. The stream's
   * version is read BEFORE the row: a change that commits in between moves it, the append is refused and the command
   * is decided again on the newer row, so two concurrent changes never lose one another.
   */
  handleStateStored<State, Command>(
    decider: Decider<State, Command, EventOf<D>>,
    streamId: string,
    command: Command,
    stateStore: StateStore<State, EventOf<D>>,
    options: CommandOptions,
  ): Promise<CommandResult<State>> {
    return this.retryOnConflict(async () => {
      const version = await this.store.streamVersion(streamId);
      const state = await stateStore.load();
      return this.decideAndAppend(decider, streamId, version, state, command, options, stateStore);
    });
  }

  private async decideAndAppend<State, Command>(
    decider: Decider<State, Command, EventOf<D>>,
    streamId: string,
    version: number,
    state: State,
    command: Command,
    options: CommandOptions,
    stateStore?: StateStore<State, EventOf<D>>,
  ): Promise<CommandResult<State>> {
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { state, events: [] };
    const next = fold(decider, decided, state);
    const { before, after, idempotency } = options;
    const { events } = await this.store.append(streamId, version, decided, { userId: options.userId, occurredAt: options.occurredAt }, {
      before:
        stateStore || before
          ? async (manager, stored) => {
              await stateStore?.save(manager, next, decided);
              await before?.(manager, stored);
            }
          : undefined,
      projections: this.projections,
      after,
      record: idempotency ? (manager) => idempotency.record(manager, idempotency.resourceId) : undefined,
    });
    return { state: next, events };
  }

  private async retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
    for (let round = 1; ; round++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof StreamVersionConflictError) || round === MAX_ATTEMPTS) throw error;
      }
    }
  }
}
