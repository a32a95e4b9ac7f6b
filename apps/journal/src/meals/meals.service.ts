import { Caller, createMealSchema, EventTypes, Meal, MealCreatedV1, Messages } from '@fodmap/contracts';
import { EventStore, rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MealRecord } from './meal.entity';
import { mealsProjection } from './meals.projection';

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

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

  async create(caller: Caller, input: unknown): Promise<Meal> {
    const parsed = createMealSchema.safeParse(input);
    if (!parsed.success) throw rpcFailure(400, parsed.error.issues[0].message);
    // Consumers place the meal on the user's own day with it: an unknown zone would poison their projections.
    if (!isTimeZone(caller.timeZone)) throw rpcFailure(400, Messages.invalidTimeZone);

    const [{ id }] = await this.dataSource.query(`SELECT nextval('journal.meal_id_seq')::int AS id`);
    const data: MealCreatedV1 = {
      mealId: id,
      userId: caller.userId,
      name: parsed.data.name,
      mealType: parsed.data.mealType,
      timestamp: parsed.data.timestamp,
      timeZone: caller.timeZone,
      notes: parsed.data.notes ?? null,
    };
    await this.events.append(
      `meal-${id}`,
      0,
      [{ type: EventTypes.MealCreated, schemaVersion: 1, data }],
      { userId: caller.userId },
      this.events.inlineProjection(mealsProjection),
    );
    return toMeal(await this.dataSource.getRepository(MealRecord).findOneByOrFail({ id }));
  }
}
