import { Module } from '@nestjs/common';
import { EventsModule, eventStoreEntities, ServiceCoreModule } from '@fodmap/server';
import { CatalogueMetaEntity } from './catalogue/catalogue-meta.entity';
import { FoodEntity } from './foods/food.entity';
import { FoodsModule } from './foods/foods.module';
import { FoodsSchema1763790000000 } from './migrations/1763790000000-foods-schema';
import { IdempotencyKeys1767500000000 } from './migrations/1767500000000-idempotency-keys';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      name: 'foods',
      entities: [FoodEntity, CatalogueMetaEntity, ...eventStoreEntities],
      migrations: [FoodsSchema1763790000000, IdempotencyKeys1767500000000],
    }),
    EventsModule.forRoot({ relay: true }),
    FoodsModule,
  ],
})
export class AppModule {}
