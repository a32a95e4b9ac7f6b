import { CreateMealRequest, Meal, Rpc } from '@fodmap/contracts';
import { subject } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MealsService } from './meals.service';

@Controller()
export class MealsController {
  constructor(private readonly meals: MealsService) {}

  @MessagePattern(subject(Rpc.journal.createMeal))
  create(@Payload() request: CreateMealRequest): Promise<Meal> {
    return this.meals.create(request.caller, request.input);
  }
}
