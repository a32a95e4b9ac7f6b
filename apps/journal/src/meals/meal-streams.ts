import { CommandOptions } from '@fodmap/server';
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

  /** `options` commit with the events (an idempotency key). */
  async execute(mealId: number, command: MealCommand, options: Omit<CommandOptions, 'userId'> = {}): Promise<void> {
    const userId = command.type === 'Create' ? command.meal.userId : command.userId;
    await this.events.handle(mealDecider, mealStream(mealId), command, { ...options, userId });
  }
}
