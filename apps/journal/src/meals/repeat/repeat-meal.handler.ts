import { Caller, FoodSnapshot, gramsEaten, GRAMS, Meal, MEAL_FOOD_QUANTITY, MealCreatedV1, Rpc, RpcParsed, servingUnitsFor } from '@fodmap/contracts';
import { Handles, IdempotencyKeys, rpcFailureOf } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { JournalEvents } from '../../journal-events';
import { FoodSnapshots } from '../food-snapshots';
import { assertChangeable, MealEntry } from '../meal.aggregate';
import { MealReader } from '../meal-reader';
import { MealStreams } from '../meal-streams';

/** An entry of the new meal: the same amount, in the same unit while the food still takes it, else in grams. */
interface RepeatedEntry {
  food: FoodSnapshot;
  quantity: number;
  servingUnit: string;
}

@Controller()
export class RepeatMealHandler {
  constructor(
    private readonly streams: MealStreams,
    private readonly events: JournalEvents,
    private readonly foods: FoodSnapshots,
    private readonly idempotencyKeys: IdempotencyKeys,
    private readonly meals: MealReader,
  ) {}

  /**
   * "Repeat a meal" (issue 7): a new meal with the same name, type, notes, foods and amounts, at `timestamp` or now,
   * in one append. Each food is taken as it is now; one the caller can no longer see is left out.
   */
  @Handles(Rpc.journal.repeatMeal)
  async repeat({ caller, mealId, input, idempotencyKey }: RpcParsed<typeof Rpc.journal.repeatMeal>): Promise<Meal> {
    const { userId } = caller;
    const id = await this.idempotencyKeys.createOnce({ userId, key: idempotencyKey, input: { repeatMeal: mealId, ...input } }, async (recordKey) => {
      const source = assertChangeable(await this.streams.load(mealId), userId, false);
      const entries = (await Promise.all(source.entries.map((entry) => this.repeatEntry(caller, entry)))).filter((entry) => entry !== null);
      const [newMealId, entryIds] = await Promise.all([this.events.nextId('meal_id_seq'), this.events.nextIds('meal_food_id_seq', entries.length)]);
      const { name, mealType, notes } = source.meal;
      const now = new Date();
      const created: MealCreatedV1 = { mealId: newMealId, userId, name, mealType, notes, timestamp: input.timestamp ?? now.toISOString(), timeZone: caller.timeZone };
      const foods = entries.map(({ food, quantity, servingUnit }, index): MealEntry => ({ entryId: entryIds[index], quantity, servingUnit, grams: gramsEaten(food, quantity, servingUnit), food }));
      await this.streams.execute(newMealId, { type: 'Create', meal: created, foods, now }, { idempotency: { record: recordKey, resourceId: newMealId } });
      return newMealId;
    });
    return this.meals.get(userId, id);
  }

  private async repeatEntry(caller: Caller, entry: MealEntry): Promise<RepeatedEntry | null> {
    let food: FoodSnapshot;
    try {
      food = await this.foods.take(caller, entry.food.id);
    } catch (error) {
      if (rpcFailureOf(error)?.status === 404) return null;
      throw error;
    }
    if (servingUnitsFor(food).includes(entry.servingUnit)) return { food, quantity: entry.quantity, servingUnit: entry.servingUnit };
    // The food's serving changed its unit since: the same weight, when it was known.
    if (entry.grams === null) return null;
    const grams = Math.min(MEAL_FOOD_QUANTITY.max, Math.max(MEAL_FOOD_QUANTITY.min, Math.round(entry.grams * 10) / 10));
    return { food, quantity: grams, servingUnit: GRAMS };
  }
}
