import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { dailySummariesOverdue, dailySummariesRecorded, dailySummaryLastRun, dailySummaryLastRunRecorded, onScrape } from '@fodmap/server';
import { DailySummaries } from './daily-summaries';

export const DAILY_SUMMARY_JOB = 'daily-summary';

/**
 * Every minute, the summaries due now: zones start their 08:00 on the hour or the half/quarter hour, and a minute's
 * lateness is nobody's concern. Runs do not overlap in one process; across replicas the claims keep each summary single.
 * Each scrape reports the overdue summaries per zone, read apart from the runs, so a run that hangs or fails is seen.
 */
@Injectable()
export class DailySummaryScheduler implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DailySummaryScheduler.name);
  private running = false;
  private stopReporting: (() => void) | null = null;

  constructor(private readonly summaries: DailySummaries) {}

  onModuleInit(): void {
    this.stopReporting = onScrape(() => this.reportOverdue());
  }

  onModuleDestroy(): void {
    this.stopReporting?.();
    this.stopReporting = null;
  }

  @Cron(CronExpression.EVERY_MINUTE, { name: DAILY_SUMMARY_JOB })
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const recorded = await this.summaries.runDue(new Date());
      dailySummaryLastRun.set(Date.now() / 1000);
      dailySummaryLastRunRecorded.set(recorded);
      dailySummariesRecorded.inc(recorded);
      if (recorded > 0) this.logger.log(`Recorded ${recorded} daily summaries`);
    } catch (error) {
      this.logger.error(`Daily summaries failed, next minute tries again: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }

  /** One series per zone in use, 0 included; a zone nobody is in any more goes with the reset. */
  private async reportOverdue(): Promise<void> {
    const zones = await this.summaries.overdue(new Date());
    dailySummariesOverdue.reset();
    for (const { zone, overdue } of zones) dailySummariesOverdue.set({ zone }, overdue);
  }
}
