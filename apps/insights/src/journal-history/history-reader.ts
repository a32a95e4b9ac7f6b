import { activityRange, Caller, CorrelationPeriod, FoodSnapshot, localDay, mealFoodEntry, MealFood, Severity, startOfLocalDay, SymptomType, SymptomWindow } from '@fodmap/contracts';
import { projectionTables, schemaOf } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { History, HistoryMeal } from '../correlation/history';
import { journalHistoryProjection } from './journal-history.projection';

/** The read's rows as compact JSON arrays: [mealId, eatenAt], [mealId, entryId, quantity, servingUnit, grams, food], … */
interface HistoryRow {
  meals: Array<[number, number]>;
  entries: Array<[number, number, number, string, number | null, number]>;
  /** each food as eaten in the period, once: entries name it by its place here */
  foods: FoodSnapshot[];
  symptoms: Array<[number, number | null, SymptomType, Severity, number]>;
}

/** An instant as epoch milliseconds, as History keeps them. */
const epochMs = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;

/** Reads the caller's history of a period from the journal_history tables, for the correlation analysis. */
@Injectable()
export class HistoryReader {
  private readonly sql: string;
  private readonly versionSql: string;

  /**
   * One statement, one round trip: the meals eaten from $2 on, their food entries, and the symptoms that can count for
   * them: linked to one of those meals, or unlinked and felt from $3 (the period's start plus the window's nearest hour)
   * on. No upper bound: nothing is logged later than now (a minute's clock skew aside), so the answer depends on the
   * person's rows alone, which their version names. Every part is the caller's ($1) rows alone. A heavy user's 90 days hold some 2,000 entries
   * of a few dozen foods: each snapshot is read and sent once (told apart by its key: carrying the snapshots through the
   * entries' sort cost a third of the read) and entries are arrays, not objects. Foods and symptoms are found by `meal_id = ANY(…)`: as a
   * join, the planner hashed the whole of a heavy user's tables instead of using the meal indexes.
   */
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const tables = projectionTables(journalHistoryProjection, schemaOf(dataSource));
    this.versionSql = `SELECT position FROM ${tables.user_versions} WHERE user_id = $1`;
    this.sql = `
      WITH period_meals AS (
        SELECT m.meal_id, m.eaten_at FROM ${tables.meals} m WHERE m.user_id = $1 AND m.eaten_at >= $2
      ), entries AS (
        SELECT f.meal_id, f.entry_id, f.quantity, f.serving_unit, f.grams, dense_rank() OVER (ORDER BY f.snapshot_key) - 1 AS food
        FROM ${tables.meal_foods} f WHERE f.meal_id = ANY(ARRAY(SELECT meal_id FROM period_meals)) AND f.user_id = $1
      ), period_symptoms AS (
        SELECT u.symptom_id, u.meal_id, u.symptom_type, u.severity, u.felt_at FROM ${tables.symptoms} u
        WHERE u.user_id = $1 AND u.meal_id IS NULL AND u.felt_at >= $3
        UNION ALL
        SELECT l.symptom_id, l.meal_id, l.symptom_type, l.severity, l.felt_at FROM ${tables.symptoms} l
        WHERE l.meal_id = ANY(ARRAY(SELECT meal_id FROM period_meals)) AND l.user_id = $1
      )
      SELECT
        (SELECT coalesce(json_agg(json_build_array(p.meal_id, ${epochMs('p.eaten_at')}) ORDER BY p.eaten_at, p.meal_id), '[]') FROM period_meals p) AS meals,
        (SELECT coalesce(json_agg(json_build_array(e.meal_id, e.entry_id, e.quantity, e.serving_unit, e.grams, e.food) ORDER BY e.entry_id), '[]') FROM entries e) AS entries,
        (SELECT coalesce(json_agg(f.snapshot ORDER BY k.food), '[]')
         FROM (SELECT food, min(entry_id) AS entry_id FROM entries GROUP BY food) k JOIN ${tables.meal_foods} f ON f.entry_id = k.entry_id) AS foods,
        (SELECT coalesce(json_agg(json_build_array(s.symptom_id, s.meal_id, s.symptom_type, s.severity, ${epochMs('s.felt_at')}) ORDER BY s.felt_at, s.symptom_id), '[]')
         FROM period_symptoms s) AS symptoms`;
  }

  /** The position of the last event that changed the person's rows (0 before any): their history is the same until it moves. */
  async version(userId: number): Promise<number> {
    const [row]: Array<{ position: string }> = await this.dataSource.query(this.versionSql, [userId]);
    return row ? Number(row.position) : 0;
  }

  /** The meals eaten from `start` (the first instant of the period) to now, and the symptoms that may have followed them. */
  async load(userId: number, start: Date, window: SymptomWindow): Promise<History> {
    const [row]: HistoryRow[] = await this.dataSource.query(this.sql, [userId, start, new Date(start.getTime() + window.fromHours * 3_600_000)]);
    const meals = new Map<number, HistoryMeal & { foods: MealFood[] }>(row.meals.map(([mealId, eatenAt]) => [mealId, { mealId, eatenAt, foods: [] }]));
    // The same food at the same amount rates the same: each is worked out once (a heavy user repeats most).
    const rated = new Map<string, MealFood>();
    for (const [mealId, id, quantity, servingUnit, grams, food] of row.entries) {
      const amount = `${food}|${quantity}|${servingUnit}|${grams}`;
      let entry = rated.get(amount);
      if (!entry) {
        entry = mealFoodEntry({ id, quantity, servingUnit, grams, food: row.foods[food] });
        rated.set(amount, entry);
      }
      meals.get(mealId)?.foods.push({ ...entry, id });
    }
    return {
      meals: [...meals.values()],
      symptoms: row.symptoms.map(([symptomId, mealId, symptomType, severity, feltAt]) => ({ symptomId, mealId, symptomType, severity, feltAt })),
    };
  }
}

/** The first instant of the `period` local days ending today in the caller's zone. */
export function periodStart(caller: Caller, period: CorrelationPeriod): Date {
  return startOfLocalDay(activityRange({ period }, localDay(new Date(), caller.timeZone)).startDate, caller.timeZone);
}
