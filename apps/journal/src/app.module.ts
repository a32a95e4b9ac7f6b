import { Module } from '@nestjs/common';
import { EventsModule, ServiceCoreModule } from '@fodmap/server';
import { journalSchema } from './journal.schema';
import { MealsModule } from './meals/meals.module';

@Module({
  imports: [
    ServiceCoreModule.forRoot({ name: journalSchema.service, entities: journalSchema.entities, migrations: journalSchema.migrations }),
    EventsModule.forRoot({ relay: true }),
    MealsModule,
  ],
})
export class AppModule {}
