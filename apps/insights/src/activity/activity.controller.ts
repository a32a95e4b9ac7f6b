import { DailyMealCount, DailyMealsRequest, Rpc } from '@fodmap/contracts';
import { subject } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ActivityService } from './activity.service';

@Controller()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @MessagePattern(subject(Rpc.insights.dailyMeals))
  dailyMeals(@Payload() request: DailyMealsRequest): Promise<DailyMealCount[]> {
    return this.activity.dailyMeals(request.caller, request.input);
  }
}
