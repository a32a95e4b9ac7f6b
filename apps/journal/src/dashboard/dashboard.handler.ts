import { DashboardStats, dayScore, localDay, localDayRange, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, LessThan, MoreThanOrEqual } from 'typeorm';
import { MealReader } from '../meals/meal-reader';
import { SymptomRecord } from '../symptoms/symptom.entity';

@Controller()
export class DashboardHandler {
  constructor(
    private readonly meals: MealReader,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** 'Today's Overview' for the caller's own today: the day's score over every food eaten, meals, symptoms, warnings. */
  @Handles(Rpc.journal.dashboardStats)
  async stats({ caller }: RpcParsed<typeof Rpc.journal.dashboardStats>): Promise<DashboardStats> {
    const today = localDayRange(localDay(new Date(), caller.timeZone), caller.timeZone);
    const [meals, symptomsCount] = await Promise.all([
      this.meals.list(caller.userId, today),
      this.dataSource.getRepository(SymptomRecord).countBy({ userId: caller.userId, timestamp: And(MoreThanOrEqual(today.start), LessThan(today.end)) }),
    ]);
    const { score, band, unknown } = dayScore(meals.flatMap((meal) => meal.foods.map((food) => food.ratingAtQuantity)));
    return {
      todayScore: score,
      todayBand: band,
      mealsLogged: meals.length,
      symptomsCount,
      unknownFoods: unknown,
      stackingWarnings: meals.filter((meal) => meal.stacking.stacked.length > 0).map((meal) => ({ mealId: meal.id, mealName: meal.name, groups: meal.stacking.stacked })),
    };
  }
}
