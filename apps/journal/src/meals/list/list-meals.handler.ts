import { localDay, localDayRange, Meal, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MealReader } from '../meal-reader';

@Controller()
export class ListMealsHandler {
  constructor(private readonly meals: MealReader) {}

  /** Every meal, or those of one of the caller's own calendar days (today, or `date`), newest first. */
  @Handles(Rpc.journal.listMeals)
  list({ caller, input }: RpcParsed<typeof Rpc.journal.listMeals>): Promise<Meal[]> {
    const day = input.todayOnly ? localDay(new Date(), caller.timeZone) : input.date;
    return this.meals.list(caller.userId, day === undefined ? undefined : localDayRange(day, caller.timeZone));
  }

  @Handles(Rpc.journal.getMeal)
  get({ caller, mealId }: RpcParsed<typeof Rpc.journal.getMeal>): Promise<Meal> {
    return this.meals.get(caller.userId, mealId);
  }
}
