import { Module } from '@nestjs/common';
import { EventsModule, eventStoreEntities, projectionEntities, ServiceCoreModule } from '@fodmap/server';
import { CatalogueMetaEntity } from './catalogue/catalogue-meta.entity';
import { FoodEntity } from './foods/food.entity';
import { FoodsModule } from './foods/foods.module';
import { FoodsSchema1763790000000 } from './migrations/1763790000000-foods-schema';
import { IdempotencyKeys1767500000000 } from './migrations/1767500000000-idempotency-keys';
import { FoodResearch1767700000000 } from './migrations/1767700000000-food-research';
import { CatalogueSecondEdition1768000000000 } from './migrations/1768000000000-catalogue-second-edition';
import { ResearchModule } from './research/research.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({
      name: 'foods',
      entities: [FoodEntity, CatalogueMetaEntity, ...eventStoreEntities, ...projectionEntities],
      migrations: [FoodsSchema1763790000000, IdempotencyKeys1767500000000, FoodResearch1767700000000, CatalogueSecondEdition1768000000000],
    }),
    EventsModule.forRoot({ relay: true }),
    FoodsModule,
    ResearchModule,
  ],
})
export class AppModule {}
