import { Meal, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MealReader } from '../meal-reader';
import { MealStreams } from '../meal-streams';

@Controller()
export class CompleteMealHandler {
  constructor(
    private readonly streams: MealStreams,
    private readonly meals: MealReader,
  ) {}

  /** Idempotent: a completed meal is answered as it is. 409 for a meal without foods. */
  @Handles(Rpc.journal.completeMeal)
  async complete({ caller, mealId }: RpcParsed<typeof Rpc.journal.completeMeal>): Promise<Meal> {
    await this.streams.execute(mealId, { type: 'Complete', userId: caller.userId, now: new Date() });
    return this.meals.get(caller.userId, mealId);
  }
}
