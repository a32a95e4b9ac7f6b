import { IdempotencyKeys } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { JournalEvents } from '../journal-events';
import { AddFoodHandler } from './add-food/add-food.handler';
import { CompleteMealHandler } from './complete/complete-meal.handler';
import { CreateMealHandler } from './create/create-meal.handler';
import { DeleteMealHandler } from './delete/delete-meal.handler';
import { FoodSnapshots } from './food-snapshots';
import { ListMealsHandler } from './list/list-meals.handler';
import { MealReader } from './meal-reader';
import { MealStreams } from './meal-streams';
import { RemoveFoodHandler } from './remove-food/remove-food.handler';
import { RepeatMealHandler } from './repeat/repeat-meal.handler';
import { UpdateFoodHandler } from './update-food/update-food.handler';
import { UpdateMealHandler } from './update/update-meal.handler';

/** Every use case of a meal, one folder each; the journal's event store and idempotency keys for the other features too. */
@Module({
  controllers: [CreateMealHandler, UpdateMealHandler, AddFoodHandler, UpdateFoodHandler, RemoveFoodHandler, CompleteMealHandler, DeleteMealHandler, RepeatMealHandler, ListMealsHandler],
  providers: [JournalEvents, IdempotencyKeys, MealStreams, MealReader, FoodSnapshots],
  exports: [JournalEvents, IdempotencyKeys, MealReader],
})
export class MealsModule {}
