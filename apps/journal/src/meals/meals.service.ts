import { Caller, domainEvents, Meal, MealCreatedV1, Rpc, RpcParsed } from '@fodmap/contracts';
import { EventStore, newEvent } from '@fodmap/server';
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
  };
}

@Injectable()
export class MealsService {
  constructor(
    private readonly events: EventStore,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async create(caller: Caller, meal: RpcParsed<typeof Rpc.journal.createMeal>['input']): Promise<Meal> {
    const { userId } = caller;
    const [{ id }] = await this.dataSource.query(`SELECT nextval('journal.meal_id_seq')::int AS id`);
    const data: MealCreatedV1 = {
      mealId: id,
      userId,
      name: meal.name,
      mealType: meal.mealType,
      timestamp: meal.timestamp,
      timeZone: caller.timeZone,
      notes: meal.notes ?? null,
    };
    await this.events.append(
      `meal-${id}`,
      0,
      [newEvent(domainEvents, 'MealCreated', data)],
      { userId },
      this.events.inlineProjection(mealsProjection),
    );
    return toMeal(await this.dataSource.getRepository(MealRecord).findOneByOrFail({ id }));
  }
}
