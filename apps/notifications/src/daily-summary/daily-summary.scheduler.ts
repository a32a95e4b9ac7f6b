import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { dailySummariesOverdue, dailySummariesRecorded, dailySummaryLastRun, dailySummaryLastRunRecorded } from '@fodmap/server';
import { DailySummaries } from './daily-summaries';

export const DAILY_SUMMARY_JOB = 'daily-summary';

/**
 * Every minute, the summaries due now: zones start their 08:00 on the hour or the half/quarter hour, and a minute's
 * lateness is nobody's concern. Runs do not overlap in one process; across replicas the claims keep each summary single.
 * Then, whether the run succeeded or not, the overdue summaries per zone for the gauge: counted once a minute rather
 * than on each scrape, since the count reads every person's row (some 0.6 s for 100,000 people) and the alert waits
 * a quarter of an hour anyway.
 */
@Injectable()
export class DailySummaryScheduler {
  private readonly logger = new Logger(DailySummaryScheduler.name);
  private running = false;

  constructor(private readonly summaries: DailySummaries) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: DAILY_SUMMARY_JOB })
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.run();
      await this.reportOverdue();
    } finally {
      this.running = false;
    }
  }

  private async run(): Promise<void> {
    try {
      const recorded = await this.summaries.runDue(new Date());
      dailySummaryLastRun.set(Date.now() / 1000);
      dailySummaryLastRunRecorded.set(recorded);
      dailySummariesRecorded.inc(recorded);
      if (recorded > 0) this.logger.log(`Recorded ${recorded} daily summaries`);
    } catch (error) {
      this.logger.error(`Daily summaries failed, next minute tries again: ${errorMessage(error)}`);
    }
  }

  /** One series per zone in use, 0 included; a zone nobody is in any more goes with the reset. */
  private async reportOverdue(): Promise<void> {
    try {
      const zones = await this.summaries.overdue(new Date());
      dailySummariesOverdue.reset();
      for (const { zone, overdue } of zones) dailySummariesOverdue.set({ zone }, overdue);
    } catch (error) {
      this.logger.warn(`Overdue daily summaries not counted, the gauge keeps its last values: ${errorMessage(error)}`);
    }
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
