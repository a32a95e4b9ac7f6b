import { localDayRange, Meal, Page, PAGE_DEFAULT_LIMIT, Rpc, RpcParsed, todayIn } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { decodeCursor, encodeCursor } from '../../paging/keyset';
import { MealReader } from '../meal-reader';

@Controller()
export class ListMealsHandler {
  constructor(private readonly meals: MealReader) {}

  /** The meals of one of the caller's own calendar days (today, or `date`) whole, or else a page of them all; newest first. */
  @Handles(Rpc.journal.listMeals)
  async list({ caller, input }: RpcParsed<typeof Rpc.journal.listMeals>): Promise<Page<Meal>> {
    const day = input.todayOnly ? todayIn(caller.timeZone) : input.date;
    if (day !== undefined) return { items: await this.meals.list(caller.userId, localDayRange(day, caller.timeZone)), nextCursor: null };
    const page = await this.meals.page(caller.userId, 'newest', input.cursor === undefined ? null : decodeCursor(input.cursor), input.limit ?? PAGE_DEFAULT_LIMIT);
    return { items: page.items, nextCursor: page.next && encodeCursor(page.next) };
  }

  @Handles(Rpc.journal.getMeal)
  get({ caller, mealId }: RpcParsed<typeof Rpc.journal.getMeal>): Promise<Meal> {
    return this.meals.get(caller.userId, mealId);
  }
}
