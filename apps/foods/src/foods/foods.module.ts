import { EventsModule } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FoodCatalogue } from '../catalogue/food-catalogue';
import { FoodEntity } from './food.entity';
import { FoodsController } from './foods.controller';
import { FoodsService } from './foods.service';

@Module({
  // The service's one feature module owns its event backbone: the relay publishes FoodCreated to JetStream.
  imports: [TypeOrmModule.forFeature([FoodEntity]), EventsModule.forRoot({ relay: true })],
  controllers: [FoodsController],
  providers: [FoodCatalogue, FoodsService],
})
export class FoodsModule {}
