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

  /**
   * One statement, one round trip: the meals eaten from $2 to now ($3), their food entries, and the symptoms that can
   * count for them: linked to one of those meals, or unlinked and felt from $4 (the period's start plus the window's
   * nearest hour) to now. Every part is the caller's ($1) rows alone. A heavy user's 90 days hold some 2,000 entries
   * of a few dozen foods: each snapshot is sent once (told apart by its key) and entries are arrays, not objects (a
   * snapshot per entry made the read several times slower). Foods and symptoms are found by `meal_id = ANY(…)`: as a
   * join, the planner hashed the whole of a heavy user's tables instead of using the meal indexes.
   */
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const tables = projectionTables(journalHistoryProjection, schemaOf(dataSource));
    this.sql = `
      WITH period_meals AS (
        SELECT m.meal_id, m.eaten_at FROM ${tables.meals} m WHERE m.user_id = $1 AND m.eaten_at >= $2 AND m.eaten_at <= $3
      ), entries AS (
        SELECT f.meal_id, f.entry_id, f.quantity, f.serving_unit, f.grams, f.snapshot, dense_rank() OVER (ORDER BY f.snapshot_key) - 1 AS food
        FROM ${tables.meal_foods} f WHERE f.meal_id = ANY(ARRAY(SELECT meal_id FROM period_meals)) AND f.user_id = $1
      ), period_symptoms AS (
        SELECT u.symptom_id, u.meal_id, u.symptom_type, u.severity, u.felt_at FROM ${tables.symptoms} u
        WHERE u.user_id = $1 AND u.meal_id IS NULL AND u.felt_at >= $4 AND u.felt_at <= $3
        UNION ALL
        SELECT l.symptom_id, l.meal_id, l.symptom_type, l.severity, l.felt_at FROM ${tables.symptoms} l
        WHERE l.meal_id = ANY(ARRAY(SELECT meal_id FROM period_meals)) AND l.user_id = $1
      )
      SELECT
        (SELECT coalesce(json_agg(json_build_array(p.meal_id, ${epochMs('p.eaten_at')}) ORDER BY p.eaten_at, p.meal_id), '[]') FROM period_meals p) AS meals,
        (SELECT coalesce(json_agg(json_build_array(e.meal_id, e.entry_id, e.quantity, e.serving_unit, e.grams, e.food) ORDER BY e.entry_id), '[]') FROM entries e) AS entries,
        (SELECT coalesce(json_agg(f.snapshot ORDER BY f.food), '[]') FROM (SELECT DISTINCT ON (food) food, snapshot FROM entries) f) AS foods,
        (SELECT coalesce(json_agg(json_build_array(s.symptom_id, s.meal_id, s.symptom_type, s.severity, ${epochMs('s.felt_at')}) ORDER BY s.felt_at, s.symptom_id), '[]')
         FROM period_symptoms s) AS symptoms`;
  }

  /** The meals of the `period` local days ending today in the caller's zone, and the symptoms that may have followed them. */
  async load(caller: Caller, period: CorrelationPeriod, window: SymptomWindow): Promise<History> {
    const now = new Date();
    const start = startOfLocalDay(activityRange({ period }, localDay(now, caller.timeZone)).startDate, caller.timeZone);
    const [row]: HistoryRow[] = await this.dataSource.query(this.sql, [caller.userId, start, now, new Date(start.getTime() + window.fromHours * 3_600_000)]);
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
