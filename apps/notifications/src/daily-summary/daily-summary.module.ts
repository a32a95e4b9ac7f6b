import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AdvertisersModule } from '../advertisers/advertisers.module';
import { DailySummaries } from './daily-summaries';
import { DailySummaryHandler } from './daily-summary.handler';
import { DailySummaryScheduler } from './daily-summary.scheduler';

/** The daily summary: its schedule, the batches of email jobs it enqueues, and Profile's test send. */
@Module({
  imports: [ScheduleModule.forRoot(), AdvertisersModule],
  controllers: [DailySummaryHandler],
  providers: [DailySummaries, DailySummaryScheduler],
  exports: [DailySummaries],
})
export class DailySummaryModule {}
