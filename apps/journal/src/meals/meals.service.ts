import { Caller, domainEvents, Meal, MealCreatedV1, mealScoreBand, Rpc, RpcParsed, stackMeal } from '@fodmap/contracts';
import { EventStore, IdempotencyKeys, newEvent } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MealRecord } from './meal.entity';
import { mealsProjection } from './meals.projection';

export function toMeal(record: MealRecord): Meal {
  return {
    id: record.id,
    name: record.name,
    mealType: record.mealType,
    timestamp: record.timestamp.toISOString(),
    completed: record.completed,
    notes: record.notes,
    foods: [],
    symptoms: [],
    fodmapScore: null,
    fodmapBand: mealScoreBand(0, null),
    unknownFoods: 0,
    stacking: stackMeal([]),
    totalCalories: null,
  };
}

@Injectable()
export class MealsService {
  constructor(
    private readonly events: EventStore,
    private readonly idempotencyKeys: IdempotencyKeys,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** With an idempotency key, the same key and input answer the meal made the first time (one event in all). */
  async create(caller: Caller, meal: RpcParsed<typeof Rpc.journal.createMeal>['input'], idempotencyKey?: string): Promise<Meal> {
    const { userId } = caller;
    const id = await this.idempotencyKeys.createOnce({ userId, key: idempotencyKey, input: meal }, async (recordKey) => {
      const [{ id: mealId }] = await this.dataSource.query(`SELECT nextval('journal.meal_id_seq')::int AS id`);
      const data: MealCreatedV1 = {
        mealId,
        userId,
        name: meal.name,
        mealType: meal.mealType,
        timestamp: meal.timestamp,
        timeZone: caller.timeZone,
        notes: meal.notes ?? null,
      };
      const project = this.events.inlineProjection(mealsProjection);
      await this.events.append(`meal-${mealId}`, 0, [newEvent(domainEvents, 'MealCreated', data)], { userId }, async (manager, stored) => {
        await project(manager, stored);
        await recordKey(manager, mealId);
      });
      return mealId;
    });
    return toMeal(await this.dataSource.getRepository(MealRecord).findOneByOrFail({ id }));
  }
}
