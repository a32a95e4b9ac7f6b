import { Injectable } from '@nestjs/common';
import { AppendWork, JournalEvents } from '../journal-events';
import { decide, MealCommand, MealState, mealStateOf } from './meal.aggregate';

export const mealStream = (mealId: number) => `meal-${mealId}`;

/** Loads a meal by folding its stream, and records commands on it decided on its latest state. */
@Injectable()
export class MealStreams {
  constructor(private readonly events: JournalEvents) {}

  async load(mealId: number): Promise<MealState> {
    return mealStateOf((await this.events.read(mealStream(mealId))).events);
  }

  /** `work` commits with the events. */
  execute(mealId: number, command: Exclude<MealCommand, { type: 'Create' }>, work?: AppendWork): Promise<void> {
    return this.events.execute(mealStream(mealId), command.userId, (events) => decide(command, mealStateOf(events)), work);
  }
}
