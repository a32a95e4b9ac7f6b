import { DailyMealCount, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { ActivityService } from './activity.service';

@Controller()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Handles(Rpc.insights.dailyMeals)
  dailyMeals({ caller, input }: RpcParsed<typeof Rpc.insights.dailyMeals>): Promise<DailyMealCount[]> {
    return this.activity.dailyMeals(caller, input);
  }
}
