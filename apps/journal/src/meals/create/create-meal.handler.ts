import { gramsEaten, Meal, MealCreatedV1, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles, IdempotencyKeys } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { JournalEvents } from '../../journal-events';
import { FoodSnapshots } from '../food-snapshots';
import { acceptedServingUnit, MealEntry } from '../meal.aggregate';
import { MealReader } from '../meal-reader';
import { MealStreams } from '../meal-streams';

@Controller()
export class CreateMealHandler {
  constructor(
    private readonly events: JournalEvents,
    private readonly streams: MealStreams,
    private readonly foods: FoodSnapshots,
    private readonly idempotencyKeys: IdempotencyKeys,
    private readonly meals: MealReader,
  ) {}

  /**
   * The meal, with its foods when given (issue 18: the builder's one request): MealCreated and a MealFoodAdded per food in
   * one append, so an unknown food or a unit the food does not take fails the whole request and stores nothing. With an
   * idempotency key, the same key and input (foods included) answer the meal made the first time.
   */
  @Handles(Rpc.journal.createMeal)
  async create({ caller, input, idempotencyKey }: RpcParsed<typeof Rpc.journal.createMeal>): Promise<Meal> {
    const { userId } = caller;
    const now = new Date();
    const id = await this.idempotencyKeys.createOnce({ userId, key: idempotencyKey, input }, async (recordKey) => {
      const foods = input.foods ?? [];
      // Every lookup and both ids at once: the request waits for the slowest, not for their sum.
      const [mealId, entryIds, snapshots] = await Promise.all([
        this.events.nextId('meal_id_seq'),
        this.events.nextIds('meal_food_id_seq', foods.length),
        Promise.all(foods.map(({ foodId }) => this.foods.take(caller, foodId))),
      ]);
      const meal: MealCreatedV1 = { mealId, userId, name: input.name, mealType: input.mealType, timestamp: input.timestamp, timeZone: caller.timeZone, notes: input.notes ?? null };
      const entries = foods.map(({ quantity, servingUnit: requested }, index): MealEntry => {
        const food = snapshots[index];
        const servingUnit = acceptedServingUnit(food, requested);
        return { entryId: entryIds[index], quantity, servingUnit, grams: gramsEaten(food, quantity, servingUnit), food };
      });
      await this.streams.execute(mealId, { type: 'Create', meal, foods: entries, now }, { idempotency: { record: recordKey, resourceId: mealId } });
      return mealId;
    });
    return this.meals.get(userId, id);
  }
}
