import { gramsEaten, Meal, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles, IdempotencyKeys } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { JournalEvents } from '../../journal-events';
import { FoodSnapshots } from '../food-snapshots';
import { acceptedServingUnit, assertChangeable } from '../meal.aggregate';
import { MealReader } from '../meal-reader';
import { MealStreams } from '../meal-streams';

@Controller()
export class AddFoodHandler {
  constructor(
    private readonly streams: MealStreams,
    private readonly events: JournalEvents,
    private readonly foods: FoodSnapshots,
    private readonly idempotencyKeys: IdempotencyKeys,
    private readonly meals: MealReader,
  ) {}

  /** Records the food as it is now, with the amount eaten; answers the meal with it. */
  @Handles(Rpc.journal.addMealFood)
  async addFood({ caller, mealId, input, idempotencyKey }: RpcParsed<typeof Rpc.journal.addMealFood>): Promise<Meal> {
    const { userId } = caller;
    await this.idempotencyKeys.createOnce({ userId, key: idempotencyKey, input: { addMealFood: mealId, ...input } }, async (recordKey) => {
      // The meal's own refusals come before asking the foods service: a completed meal is a 409 whatever the food.
      const meal = await this.streams.read(mealId);
      assertChangeable(meal.state, userId, true);
      const food = await this.foods.take(caller, input.foodId);
      const servingUnit = acceptedServingUnit(food, input.servingUnit);
      const entryId = await this.events.nextId('meal_food_id_seq');
      const grams = gramsEaten(food, input.quantity, servingUnit);
      await this.streams.execute(mealId, { type: 'AddFood', userId, entryId, quantity: input.quantity, servingUnit, grams, food }, { idempotency: { record: recordKey, resourceId: entryId } }, meal);
      return entryId;
    });
    return this.meals.get(userId, mealId);
  }
}
