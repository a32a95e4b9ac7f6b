import { Meal, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MealReader } from '../meal-reader';
import { MealStreams } from '../meal-streams';

@Controller()
export class UpdateMealHandler {
  constructor(
    private readonly streams: MealStreams,
    private readonly meals: MealReader,
  ) {}

  /**
   * A correction of when the meal was eaten, its type, name or notes (issue 18), also once completed: a MealChanged,
   * so the move is a fact of its own. A correction that changes nothing records nothing; either way, the meal as it is.
   */
  @Handles(Rpc.journal.updateMeal)
  async update({ caller, mealId, input }: RpcParsed<typeof Rpc.journal.updateMeal>): Promise<Meal> {
    const { userId, timeZone } = caller;
    await this.streams.execute(mealId, { type: 'Change', userId, changes: input, timeZone, now: new Date() });
    return this.meals.get(userId, mealId);
  }
}
