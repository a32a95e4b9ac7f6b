import { EventsModule, ServiceCoreModule } from '@fodmap/server';
import { Module } from '@nestjs/common';
import { AdvertisersModule } from './advertisers/advertisers.module';
import { DailySummaryModule } from './daily-summary/daily-summary.module';
import { EmailModule } from './email/email.module';
import { LinksModule } from './links/links.module';
import { MealEmailModule } from './meal-email/meal-email.module';
import { NotificationJobsModule } from './notification-jobs.module';
import { notificationsSchema } from './notifications.schema';

@Module({
  imports: [
    ServiceCoreModule.forRoot({ name: notificationsSchema.service, entities: notificationsSchema.entities, migrations: notificationsSchema.migrations }),
    EventsModule.forRoot({ relay: false, projections: notificationsSchema.consumer, erasure: notificationsSchema.erasure, retiredDurables: notificationsSchema.retiredDurables }),
    EmailModule,
    AdvertisersModule,
    LinksModule,
    DailySummaryModule,
    MealEmailModule,
    NotificationJobsModule,
  ],
})
export class AppModule {}
