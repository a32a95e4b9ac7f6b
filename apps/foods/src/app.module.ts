import { Module } from '@nestjs/common';
import { EventsModule, ServiceCoreModule } from '@fodmap/server';
import { foodsSchema } from './foods.schema';
import { FoodsModule } from './foods/foods.module';
import { ResearchModule } from './research/research.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({ name: foodsSchema.service, entities: foodsSchema.entities, migrations: foodsSchema.migrations }),
    EventsModule.forRoot({ relay: true, projections: foodsSchema.consumer, erasure: foodsSchema.erasure }),
    FoodsModule,
    ResearchModule,
  ],
})
export class AppModule {}
