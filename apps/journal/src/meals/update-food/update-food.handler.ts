import { Meal, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MealReader } from '../meal-reader';
import { MealStreams } from '../meal-streams';

@Controller()
export class UpdateFoodHandler {
  constructor(
    private readonly streams: MealStreams,
    private readonly meals: MealReader,
  ) {}

  /**
   * A correction of the amount eaten (issue 18), also once the meal is completed: the food stays as it was when added,
   * its grams follow the new amount. The same amount again records nothing; either way, the meal as it is.
   */
  @Handles(Rpc.journal.updateMealFood)
  async updateFood({ caller, mealId, entryId, input }: RpcParsed<typeof Rpc.journal.updateMealFood>): Promise<Meal> {
    const { userId } = caller;
    await this.streams.execute(mealId, { type: 'ChangeFood', userId, entryId, quantity: input.quantity, servingUnit: input.servingUnit, now: new Date() });
    return this.meals.get(userId, mealId);
  }
}
