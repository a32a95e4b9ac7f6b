import { domainEvents, Meal, MealCreatedV1, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles, IdempotencyKeys, newEvent } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { JournalEvents } from '../../journal-events';
import { MealReader } from '../meal-reader';
import { mealStream } from '../meal-streams';

@Controller()
export class CreateMealHandler {
  constructor(
    private readonly events: JournalEvents,
    private readonly idempotencyKeys: IdempotencyKeys,
    private readonly meals: MealReader,
  ) {}

  /** With an idempotency key, the same key and input answer the meal made the first time (one event in all). */
  @Handles(Rpc.journal.createMeal)
  async create({ caller, input, idempotencyKey }: RpcParsed<typeof Rpc.journal.createMeal>): Promise<Meal> {
    const { userId } = caller;
    const id = await this.idempotencyKeys.createOnce({ userId, key: idempotencyKey, input }, async (recordKey) => {
      const mealId = await this.events.nextId('meal_id_seq');
      const data: MealCreatedV1 = { mealId, userId, name: input.name, mealType: input.mealType, timestamp: input.timestamp, timeZone: caller.timeZone, notes: input.notes ?? null };
      await this.events.append(mealStream(mealId), 0, [newEvent(domainEvents, 'MealCreated', data)], userId, { after: (manager) => recordKey(manager, mealId) });
      return mealId;
    });
    return this.meals.get(userId, id);
  }
}
