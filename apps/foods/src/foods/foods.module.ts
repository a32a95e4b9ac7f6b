import { IdempotencyKeys } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FoodCatalogue } from '../catalogue/food-catalogue';
import { FoodEntity } from './food.entity';
import { FoodsController } from './foods.controller';
import { FoodsService } from './foods.service';

@Module({
  imports: [TypeOrmModule.forFeature([FoodEntity])],
  controllers: [FoodsController],
  providers: [FoodCatalogue, FoodsService, IdempotencyKeys],
  // The AI food research reads the same catalogue and creates private foods the same way.
  exports: [FoodCatalogue, FoodsService],
})
export class FoodsModule {}
