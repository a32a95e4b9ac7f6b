import { Meal, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MealReader } from '../meal-reader';
import { MealStreams } from '../meal-streams';

@Controller()
export class RemoveFoodHandler {
  constructor(
    private readonly streams: MealStreams,
    private readonly meals: MealReader,
  ) {}

  /** The builder's remove, and fixing a mistake; a completed meal's foods stay as eaten (409). */
  @Handles(Rpc.journal.removeMealFood)
  async removeFood({ caller, mealId, entryId }: RpcParsed<typeof Rpc.journal.removeMealFood>): Promise<Meal> {
    await this.streams.execute(mealId, { type: 'RemoveFood', userId: caller.userId, entryId });
    return this.meals.get(caller.userId, mealId);
  }
}
