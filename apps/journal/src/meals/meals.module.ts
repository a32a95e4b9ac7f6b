import { IdempotencyKeys } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { MealsController } from './meals.controller';
import { MealsService } from './meals.service';

@Module({
  controllers: [MealsController],
  providers: [MealsService, IdempotencyKeys],
})
export class MealsModule {}
