import { DomainEvents, JOURNAL, JournalEvent } from '@fodmap/contracts';
import { CommandHandler, CommandOptions, CommandResult, Decider, EventStore, KnownStream } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { journalSchema } from './journal.schema';

type IdSequence = 'meal_id_seq' | 'meal_food_id_seq' | 'symptom_id_seq';

/** The journal's event store, with every read table of the journal kept in the append's transaction. */
@Injectable()
export class JournalEvents {
  private readonly commands: CommandHandler<DomainEvents[typeof JOURNAL]>;

  constructor(private readonly store: EventStore<DomainEvents[typeof JOURNAL]>) {
    this.commands = new CommandHandler(store, journalSchema.inline);
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

  /** An aggregate's state, folded from its stream. */
  async load<State, Command>(decider: Decider<State, Command, JournalEvent>, streamId: string): Promise<State> {
    return (await this.read(decider, streamId)).state;
  }

  /** An aggregate's state folded from its stream, with the stream's version: `handle` can decide on it without reading again. */
  read<State, Command>(decider: Decider<State, Command, JournalEvent>, streamId: string): Promise<KnownStream<State>> {
    return this.commands.read(decider, streamId);
  }

  /**
   * Decides the command on the stream's latest state and appends what was decided, with the read tables. `known`: the
   * state the caller read (`read`), or `newStream` for a stream whose id was just taken from a sequence; a stale one is
   * refused by the append and the command decided again on the stream read afresh.
   */
  handle<State, Command>(
    decider: Decider<State, Command, JournalEvent>,
    streamId: string,
    command: Command,
    options: CommandOptions,
    known?: KnownStream<State>,
  ): Promise<CommandResult<State>> {
    return this.commands.handle(decider, streamId, command, options, known);
  }
}
