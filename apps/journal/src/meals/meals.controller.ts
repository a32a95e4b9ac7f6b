import { Meal, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MealsService } from './meals.service';

@Controller()
export class MealsController {
  constructor(private readonly meals: MealsService) {}

  @Handles(Rpc.journal.createMeal)
  create({ caller, input, idempotencyKey }: RpcParsed<typeof Rpc.journal.createMeal>): Promise<Meal> {
    return this.meals.create(caller, input, idempotencyKey);
  }
}
