import { Caller, DailyMealCount, dailyMealsQuerySchema } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource } from 'typeorm';
import { DailyMeals } from './daily-meals.entity';
import { daysBetween } from './local-day';

@Injectable()
export class ActivityService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async dailyMeals(caller: Caller, input: unknown): Promise<DailyMealCount[]> {
    const parsed = dailyMealsQuerySchema.safeParse(input);
    if (!parsed.success) throw rpcFailure(400, parsed.error.issues[0].message);
    const { startDate, endDate } = parsed.data;
    const rows = await this.dataSource.getRepository(DailyMeals).findBy({ userId: caller.userId, day: Between(startDate, endDate) });
    const counts = new Map(rows.map((row) => [row.day, row.mealsCount]));
    return daysBetween(startDate, endDate).map((date) => ({ date, mealsCount: counts.get(date) ?? 0 }));
  }
}
