import { activityRange, DailyInsight, daysBetween, FodmapRating, fodmapRisk, InsightsActivity, localDayRange, Rpc, RpcParsed, SERVER_VERSION, todayIn } from '@fodmap/contracts';
import { Handles, loadInsightsConfig, projectionTables, schemaOf } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { journalHistoryProjection } from '../journal-history/journal-history.projection';

interface DayRow {
  day: string;
  meals: number;
  ratings: FodmapRating[] | null;
  symptoms: number;
}

@Controller()
export class ActivityHandler {
  private readonly environment = loadInsightsConfig().environment;
  private readonly sql: string;

  /**
   * One statement groups the range's meals with their foods' ratings (one scan of the meals) and the symptoms by the
   * caller's own calendar day ($4, the zone), within the instants [$2, $3) of the range's first and last local days, for the caller ($1) alone.
   * A symptom is counted on the day it was felt; one of severity 'none' is a "no symptoms" report, not a symptom.
   */
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const tables = projectionTables(journalHistoryProjection, schemaOf(dataSource));
    const localDate = (column: string) => `(${column} AT TIME ZONE $4)::date`;
    this.sql = `
      WITH meal_days AS (
        SELECT ${localDate('m.eaten_at')} AS day, count(DISTINCT m.meal_id)::int AS meals, array_remove(array_agg(f.rating), NULL) AS ratings
        FROM ${tables.meals} m LEFT JOIN ${tables.meal_foods} f ON f.meal_id = m.meal_id AND f.user_id = $1
        WHERE m.user_id = $1 AND m.eaten_at >= $2 AND m.eaten_at < $3 GROUP BY 1
      ), symptom_days AS (
        SELECT ${localDate('s.felt_at')} AS day, count(*)::int AS symptoms
        FROM ${tables.symptoms} s WHERE s.user_id = $1 AND s.felt_at >= $2 AND s.felt_at < $3 AND s.severity <> 'none' GROUP BY 1
      )
      SELECT to_char(day, 'YYYY-MM-DD') AS day, coalesce(meal_days.meals, 0) AS meals, meal_days.ratings, coalesce(symptom_days.symptoms, 0) AS symptoms
      FROM meal_days FULL JOIN symptom_days USING (day)`;
  }

  /** Spec §2 Advanced Analytics: every day of the range in the caller's time zone, newest first, with the summary. */
  @Handles(Rpc.insights.activity)
  async activity({ caller, input }: RpcParsed<typeof Rpc.insights.activity>): Promise<InsightsActivity> {
    const { startDate, endDate } = activityRange(input, todayIn(caller.timeZone));
    const rows: DayRow[] = await this.dataSource.query(this.sql, [
      caller.userId,
      localDayRange(startDate, caller.timeZone).start,
      localDayRange(endDate, caller.timeZone).end,
      caller.timeZone,
    ]);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const dailyData: DailyInsight[] = daysBetween(startDate, endDate)
      .reverse()
      .map((date) => {
        const row = byDay.get(date);
        return { date, mealsCount: row?.meals ?? 0, avgFodmapRisk: fodmapRisk(row?.ratings ?? []).risk, symptomCount: row?.symptoms ?? 0 };
      });
    const risks = dailyData.flatMap((day) => (day.avgFodmapRisk === null ? [] : [day.avgFodmapRisk]));
    return {
      dailyData,
      summary: {
        totalSymptoms: dailyData.reduce((sum, day) => sum + day.symptomCount, 0),
        avgFodmapRisk: risks.length === 0 ? null : Math.round(risks.reduce((sum, risk) => sum + risk, 0) / risks.length),
        daysWithSymptoms: dailyData.filter((day) => day.symptomCount > 0).length,
      },
      meta: { serverVersion: SERVER_VERSION, environment: this.environment, timestamp: new Date().toISOString() },
    };
  }
}
