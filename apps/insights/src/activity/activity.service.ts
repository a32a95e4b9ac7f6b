import { Caller, DailyMealCount, daysBetween, Rpc, RpcParsed } from '@fodmap/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Between, DataSource } from 'typeorm';
import { DailyMeals } from './daily-meals.entity';

@Injectable()
export class ActivityService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async dailyMeals(caller: Caller, { startDate, endDate }: RpcParsed<typeof Rpc.insights.dailyMeals>['input']): Promise<DailyMealCount[]> {
    const rows = await this.dataSource.getRepository(DailyMeals).findBy({ userId: caller.userId, day: Between(startDate, endDate) });
    const counts = new Map(rows.map((row) => [row.day, row.mealsCount]));
    return daysBetween(startDate, endDate).map((date) => ({ date, mealsCount: counts.get(date) ?? 0 }));
  }
}
