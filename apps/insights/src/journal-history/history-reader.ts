import { activityRange, Caller, CorrelationPeriod, FoodSnapshot, mealFoodEntry, MealFood, Severity, startOfLocalDay, SymptomType, SymptomWindow, todayIn } from '@fodmap/contracts';
import { projectionTables, schemaOf } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { History, HistoryMeal, HistorySymptom } from '../correlation/history';
import { journalHistoryProjection } from './journal-history.projection';

/**
 * The read's one row: each list as JSON arrays per column (a meal is `meals[0][i]`, `meals[1][i]`): a JSON array built
 * per row was the largest part of PostgreSQL's work for the read. Entries are grouped by their food and amount.
 */
interface HistoryRow {
  /** meal ids, and when each was eaten (epoch ms); null when the period holds no meal */
  meals: [number[], number[]] | null;
  /** each food at one amount once: [snapshot key, quantity, serving unit, grams, its entries' meal ids, their ids] */
  amounts: Array<[string, number, string, number | null, number[], number[]]> | null;
  /** each food as eaten in the period, once, by its snapshot key */
  foods: Record<string, FoodSnapshot> | null;
  /** symptom ids, meal ids, types, severities, felt at (epoch ms) */
  symptoms: [number[], Array<number | null>, SymptomType[], Severity[], number[]] | null;
}

/** An instant as epoch milliseconds, as History keeps them. */
const epochMs = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;

/** The SQL of the history read, built once: run by HistoryReader, explained by bench/insights.mjs. */
export function historyStatement(schema: string): string {
  const tables = projectionTables(journalHistoryProjection, schema);
  // Implied by `IN (SELECT meal_id FROM period_meals)`: it only bounds the range of the (user_id, meal_id) indexes read.
  const ofPeriodMeals = (alias: string) => `${alias}.user_id = $1 AND ${alias}.meal_id >= (SELECT min(meal_id) FROM period_meals) AND ${alias}.meal_id IN (SELECT meal_id FROM period_meals)`;
  return `
      WITH period_meals AS MATERIALIZED (
        SELECT m.meal_id, m.eaten_at FROM ${tables.meals} m WHERE m.user_id = $1 AND m.eaten_at >= $2
      ), amounts AS MATERIALIZED (
        SELECT f.snapshot_key, f.quantity, f.serving_unit, f.grams, min(f.entry_id) AS first_entry, json_agg(f.meal_id) AS meals, json_agg(f.entry_id) AS entries
        FROM ${tables.meal_foods} f WHERE ${ofPeriodMeals('f')}
        GROUP BY f.snapshot_key, f.quantity, f.serving_unit, f.grams
      ), period_symptoms AS (
        SELECT u.symptom_id, u.meal_id, u.symptom_type, u.severity, u.felt_at FROM ${tables.symptoms} u
        WHERE u.user_id = $1 AND u.meal_id IS NULL AND u.felt_at >= $3 AND u.severity <> 'none'
        UNION ALL
        SELECT l.symptom_id, l.meal_id, l.symptom_type, l.severity, l.felt_at FROM ${tables.symptoms} l WHERE ${ofPeriodMeals('l')} AND l.severity <> 'none'
      )
      SELECT
        (SELECT json_build_array(json_agg(p.meal_id), json_agg(${epochMs('p.eaten_at')})) FROM period_meals p HAVING count(*) > 0) AS meals,
        (SELECT json_agg(json_build_array(a.snapshot_key, a.quantity, a.serving_unit, a.grams, a.meals, a.entries)) FROM amounts a) AS amounts,
        (SELECT json_object_agg(k.snapshot_key, f.snapshot)
         FROM (SELECT snapshot_key, min(first_entry) AS entry_id FROM amounts GROUP BY snapshot_key) k JOIN ${tables.meal_foods} f ON f.entry_id = k.entry_id) AS foods,
        (SELECT json_build_array(json_agg(s.symptom_id), json_agg(s.meal_id), json_agg(s.symptom_type), json_agg(s.severity), json_agg(${epochMs('s.felt_at')}))
         FROM period_symptoms s HAVING count(*) > 0) AS symptoms`;
}

const byEntryId = (a: MealFood, b: MealFood) => a.id - b.id;

/** Reads the caller's history of a period from the journal_history tables, for the correlation analysis. */
@Injectable()
export class HistoryReader {
  private readonly sql: string;
  private readonly versionSql: string;
  private readonly pool: Pool;

  /**
   * One statement, one round trip: the meals eaten from $2 on, their food entries, and the symptoms that can count for
   * them: linked to one of those meals, or unlinked and felt from $3 (the period's start plus the window's nearest hour)
   * on; 'none' reports are no symptoms and stay out. No upper bound: nothing is logged later than now (a minute's clock
   * skew aside), so the answer depends on the person's rows alone, which their version names. Every part is the
   * caller's ($1) rows alone. A heavy user's 90 days hold some 2,000 entries of a few dozen foods at a few hundred
   * amounts: each food at one amount is sent once with the meals and ids of its entries, so it is rated once, and each
   * snapshot is sent once (told apart by its key). Lists are JSON arrays per column, not an array or object per row.
   * Entries and linked symptoms are read from one range of their (user_id, meal_id) index each, not by one descent per
   * meal. Together, on bench:insights' 90 days: PostgreSQL's CPU per load 6.6 → 3.6 ms, insights' 2.0 → 1.4 ms. A
   * named prepared statement on TypeORM's pool, as the journal's meal reads (TypeORM's query() cannot name one).
   */
  constructor(@InjectDataSource() dataSource: DataSource) {
    const tables = projectionTables(journalHistoryProjection, schemaOf(dataSource));
    this.versionSql = `SELECT position FROM ${tables.user_versions} WHERE user_id = $1`;
    this.sql = historyStatement(schemaOf(dataSource));
    this.pool = (dataSource.driver as PostgresDriver).master as Pool;
  }

  /** The position of the last event that changed the person's rows (0 before any): their history is the same until it moves. */
  async version(userId: number): Promise<number> {
    const { rows } = await this.pool.query<{ position: string }>({ name: 'insights.history.version', text: this.versionSql, values: [userId] });
    return rows[0] ? Number(rows[0].position) : 0;
  }

  /**
   * The meals eaten from `start` (the first instant of the period) to now, in the order eaten (meal id on a tie), each
   * with its foods in the order added, and the symptoms that may have followed them, in the order felt (symptom id on
   * a tie).
   */
  async load(userId: number, start: Date, window: SymptomWindow): Promise<History> {
    const { rows } = await this.pool.query<HistoryRow>({
      name: 'insights.history',
      text: this.sql,
      values: [userId, start, new Date(start.getTime() + window.fromHours * 3_600_000)],
    });
    const row = rows[0];
    const [mealIds, eatenAts] = row.meals ?? [[], []];
    const meals: Array<HistoryMeal & { foods: MealFood[] }> = new Array(mealIds.length);
    const mealsById = new Map<number, HistoryMeal & { foods: MealFood[] }>();
    for (let at = 0; at < mealIds.length; at += 1) {
      const meal = { mealId: mealIds[at], eatenAt: eatenAts[at], foods: [] };
      meals[at] = meal;
      mealsById.set(meal.mealId, meal);
    }
    meals.sort((a, b) => a.eatenAt - b.eatenAt || a.mealId - b.mealId);
    // The same food at the same amount rates the same: each is worked out once (a heavy user repeats most).
    const foods = row.foods ?? {};
    for (const [key, quantity, servingUnit, grams, entryMeals, entryIds] of row.amounts ?? []) {
      const rated = mealFoodEntry({ id: entryIds[0], quantity, servingUnit, grams, food: foods[key] });
      for (let at = 0; at < entryIds.length; at += 1) mealsById.get(entryMeals[at])?.foods.push({ ...rated, id: entryIds[at] });
    }
    for (const meal of meals) if (meal.foods.length > 1) meal.foods.sort(byEntryId);
    const [symptomIds, symptomMeals, types, severities, feltAts] = row.symptoms ?? [[], [], [], [], []];
    const symptoms: HistorySymptom[] = new Array(symptomIds.length);
    for (let at = 0; at < symptomIds.length; at += 1) {
      symptoms[at] = { symptomId: symptomIds[at], mealId: symptomMeals[at], symptomType: types[at], severity: severities[at], feltAt: feltAts[at] };
    }
    symptoms.sort((a, b) => a.feltAt - b.feltAt || a.symptomId - b.symptomId);
    return { meals, symptoms };
  }
}

/** The first instant of the `period` local days ending today in the caller's zone. */
export function periodStart(caller: Caller, period: CorrelationPeriod): Date {
  return startOfLocalDay(activityRange({ period }, todayIn(caller.timeZone)).startDate, caller.timeZone);
}
