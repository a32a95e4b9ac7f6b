import { CommandOptions, KnownStream, newStream } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { JournalEvents } from '../journal-events';
import { MealCommand, mealDecider, MealState } from './meal.aggregate';

export const mealStream = (mealId: number) => `meal-${mealId}`;

/** Loads a meal by folding its stream, and records commands on it decided on its latest state. */
@Injectable()
export class MealStreams {
  constructor(private readonly events: JournalEvents) {}

  load(mealId: number): Promise<MealState> {
    return this.events.load(mealDecider, mealStream(mealId));
  }

  /** The meal's state with its stream's version, for a command that checks the meal first (`execute`'s `known`). */
  read(mealId: number): Promise<KnownStream<MealState>> {
    return this.events.read(mealDecider, mealStream(mealId));
  }

  /**
   * `options` commit with the events (an idempotency key). A Create is decided on a new stream without reading it (its id
   * was just taken from the sequence); another command on `known` when given (what `read` gave), else on the stream read now.
   */
  async execute(mealId: number, command: MealCommand, options: Omit<CommandOptions, 'userId'> = {}, known?: KnownStream<MealState>): Promise<void> {
    const userId = command.type === 'Create' ? command.meal.userId : command.userId;
    await this.events.handle(mealDecider, mealStream(mealId), command, { ...options, userId }, command.type === 'Create' ? newStream(mealDecider) : known);
  }
}
