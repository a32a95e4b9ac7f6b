import { activityRange, Caller, CorrelationPeriod, localDay, mealFoodEntry, MealFood, startOfLocalDay, SymptomWindow } from '@fodmap/contracts';
import { projectionTables, schemaOf } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { History, HistorySymptom } from '../correlation/history';
import { journalHistoryProjection } from './journal-history.projection';

interface HistoryRow {
  meals: Array<{ mealId: number; eatenAt: number; foods: Array<Pick<MealFood, 'id' | 'quantity' | 'servingUnit' | 'grams' | 'food'>> }>;
  symptoms: HistorySymptom[];
}

/** An instant as epoch milliseconds, as History keeps them. */
const epochMs = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;

/** Reads the caller's history of a period from the journal_history tables, for the correlation analysis. */
@Injectable()
export class HistoryReader {
  private readonly sql: string;

  /**
   * One statement, one round trip: the meals eaten from $2 to now ($3), each with its foods as one JSON array, and the
   * symptoms that can count for them: linked to one of those meals, or unlinked and felt from $4 (the period's start
   * plus the window's nearest hour) to now. Every part is the caller's ($1) rows alone.
   */
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const tables = projectionTables(journalHistoryProjection, schemaOf(dataSource));
    this.sql = `
      WITH period_meals AS (
        SELECT m.meal_id, m.eaten_at FROM ${tables.meals} m WHERE m.user_id = $1 AND m.eaten_at >= $2 AND m.eaten_at <= $3
      )
      SELECT
        (SELECT coalesce(json_agg(json_build_object('mealId', p.meal_id, 'eatenAt', ${epochMs('p.eaten_at')}, 'foods', coalesce(foods.list, '[]'))
                ORDER BY p.eaten_at, p.meal_id), '[]')
         FROM period_meals p LEFT JOIN LATERAL (
           SELECT json_agg(json_build_object('id', f.entry_id, 'quantity', f.quantity, 'servingUnit', f.serving_unit, 'grams', f.grams, 'food', f.snapshot)
                  ORDER BY f.entry_id) AS list
           FROM ${tables.meal_foods} f WHERE f.meal_id = p.meal_id AND f.user_id = $1
         ) foods ON true) AS meals,
        (SELECT coalesce(json_agg(json_build_object('symptomId', s.symptom_id, 'mealId', s.meal_id, 'symptomType', s.symptom_type, 'severity', s.severity,
                  'feltAt', ${epochMs('s.felt_at')}) ORDER BY s.felt_at, s.symptom_id), '[]')
         FROM (
           SELECT u.* FROM ${tables.symptoms} u WHERE u.user_id = $1 AND u.meal_id IS NULL AND u.felt_at >= $4 AND u.felt_at <= $3
           UNION ALL
           SELECT l.* FROM period_meals p JOIN ${tables.symptoms} l ON l.meal_id = p.meal_id WHERE l.user_id = $1
         ) s) AS symptoms`;
  }

  /** The meals of the `period` local days ending today in the caller's zone, and the symptoms that may have followed them. */
  async load(caller: Caller, period: CorrelationPeriod, window: SymptomWindow): Promise<History> {
    const now = new Date();
    const start = startOfLocalDay(activityRange({ period }, localDay(now, caller.timeZone)).startDate, caller.timeZone);
    const [row]: HistoryRow[] = await this.dataSource.query(this.sql, [caller.userId, start, now, new Date(start.getTime() + window.fromHours * 3_600_000)]);
    return {
      meals: row.meals.map(({ mealId, eatenAt, foods }) => ({ mealId, eatenAt, foods: foods.map(mealFoodEntry) })),
      symptoms: row.symptoms,
    };
  }
}
