import { JOURNAL } from '@fodmap/contracts';
import { Module } from '@nestjs/common';
import { durableName, EventsModule, ServiceCoreModule } from '@fodmap/server';
import { ActivityModule } from './activity/activity.module';
import { CorrelationModule } from './correlation/correlation.module';
import { insightsSchema } from './insights.schema';

@Module({
  imports: [
    ServiceCoreModule.forRoot({ name: insightsSchema.service, entities: insightsSchema.entities, migrations: insightsSchema.migrations }),
    // daily_meals gave way to journal_history (migration 1767800000000): its durable goes too.
    EventsModule.forRoot({ relay: false, projections: insightsSchema.consumer, erasure: insightsSchema.erasure, retiredDurables: [durableName('daily_meals', JOURNAL)] }),
    ActivityModule,
    CorrelationModule,
  ],
})
export class AppModule {}
