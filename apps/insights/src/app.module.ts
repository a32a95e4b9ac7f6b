import { Module } from '@nestjs/common';
import { EventsModule, ServiceCoreModule } from '@fodmap/server';
import { ActivityModule } from './activity/activity.module';
import { insightsSchema } from './insights.schema';

@Module({
  imports: [
    ServiceCoreModule.forRoot({ name: insightsSchema.service, entities: insightsSchema.entities, migrations: insightsSchema.migrations }),
    EventsModule.forRoot({ relay: false, projections: insightsSchema.consumer }),
    ActivityModule,
  ],
})
export class AppModule {}
