import { DashboardStats, dayScore, localDayRange, Rpc, RpcParsed, todayIn } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MealReader } from '../meals/meal-reader';

@Controller()
export class DashboardHandler {
  constructor(private readonly meals: MealReader) {}

  /** 'Today's Overview' for the caller's own today: the day's score over every food eaten, meals, symptoms, warnings. */
  @Handles(Rpc.journal.dashboardStats)
  async stats({ caller }: RpcParsed<typeof Rpc.journal.dashboardStats>): Promise<DashboardStats> {
    const { meals, symptomsCount } = await this.meals.day(caller.userId, localDayRange(todayIn(caller.timeZone), caller.timeZone));
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
