import { ResearchConfig } from '@fodmap/server';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RESEARCH_CONFIG } from './research-config';

const TODAY = "(now() AT TIME ZONE 'UTC')::date";

/**
 * AI_DAILY_BUDGET: the model requests every person together may make in a UTC day, whatever each one's own limit (a
 * bound on the bill). Counted in PostgreSQL, one row per day: a take is one statement, and concurrent takes queue on
 * the day's row, so no two can both take the last request, across replicas and job workers alike.
 */
@Injectable()
export class AiBudget {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(RESEARCH_CONFIG) private readonly config: ResearchConfig,
  ) {}

  /** Takes one request of today's budget; false, taking nothing, when it is spent. */
  async take(): Promise<boolean> {
    const taken: unknown[] = await this.dataSource.query(
      `INSERT INTO foods.ai_budget (day, used) SELECT ${TODAY}, 1 WHERE $1 > 0
       ON CONFLICT (day) DO UPDATE SET used = ai_budget.used + 1 WHERE ai_budget.used < $1
       RETURNING used`,
      [this.config.dailyBudget],
    );
    return taken.length > 0;
  }

  /** Whether today's budget is spent: a background search is then refused when asked for, not failed later. */
  async spent(): Promise<boolean> {
    const [today]: Array<{ used: number }> = await this.dataSource.query(`SELECT used FROM foods.ai_budget WHERE day = ${TODAY}`);
    return (today?.used ?? 0) >= this.config.dailyBudget;
  }
}
