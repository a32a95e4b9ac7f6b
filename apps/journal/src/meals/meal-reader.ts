import { Meal, Messages } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { KeysetOrder, KeysetPage, KeysetPosition, keysetParams, keysetSql } from '../paging/keyset';
import { SymptomRecord } from '../symptoms/symptom.entity';
import { MealFoodRecord } from './meal-food.entity';
import { MealRecord } from './meal.entity';
import { MealRow, toMeal } from './meal-view';

/** Instants [start, end): a local day of the caller's. */
export interface TimeRange {
  start: Date;
  end: Date;
}

/** An instant as `Date.toISOString()` writes it, the way the API gives every timestamp. */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The read tables, schema included (`journal.meals`). */
export interface MealReadTables {
  meals: string;
  mealFoods: string;
  symptoms: string;
}

/** The SQL of the journal's meal reads: built once, run by MealReader, explained by bench/dashboard.mjs. */
export interface MealReadStatements {
  /** $1 user, $2 meal id: one JSON array `meals` holding the meal, or none. */
  get: string;
  /** $1 user, [$2, $3) a time range: one JSON array `meals`, newest first. */
  list: string;
  /** As `list`, and the count of the symptoms logged in the range, `symptomsCount`. */
  day: string;
  /** keysetParams: the page's `meals` and the `next` position. */
  page: Record<KeysetOrder, string>;
}

/**
 * PostgreSQL builds the meals with their foods and symptoms as one JSON array (two indexed subqueries per meal), so a
 * read is one round trip and no ORM hydration (bench:dashboard).
 */
export function mealReadStatements(tables: MealReadTables): MealReadStatements {
  const foods = `SELECT json_agg(json_build_object('id', f.id, 'quantity', f.quantity, 'servingUnit', f.serving_unit, 'grams', f.grams, 'food', f.food) ORDER BY f.position)
      FROM ${tables.mealFoods} f WHERE f.meal_id = m.id`;
  const symptoms = `SELECT json_agg(json_build_object('id', s.id, 'symptomType', s.symptom_type, 'severity', s.severity, 'notes', s.notes, 'timestamp', ${iso('s."timestamp"')}, 'mealId', s.meal_id) ORDER BY s."timestamp" DESC, s.id DESC)
      FROM ${tables.symptoms} s WHERE s.meal_id = m.id`;
  /** SELECT of one JSON array of MealRows, newest first (or oldest first), for the meals `m` matching a condition. */
  const mealsJson = (where: string, order: KeysetOrder = 'newest') => {
    const direction = order === 'newest' ? 'DESC' : 'ASC';
    return `SELECT coalesce(json_agg(json_build_object(
        'id', m.id, 'name', m.name, 'mealType', m.meal_type, 'timestamp', ${iso('m."timestamp"')}, 'completed', m.completed, 'notes', m.notes,
        'foods', coalesce((${foods}), '[]'), 'symptoms', coalesce((${symptoms}), '[]')
      ) ORDER BY m."timestamp" ${direction}, m.id ${direction}), '[]') FROM ${tables.meals} m WHERE ${where}`;
  };
  // The page's ids first, by the (user_id, timestamp, id) index; then only those meals are built as JSON.
  const page = (order: KeysetOrder) => {
    const keyset = keysetSql(tables.meals, order);
    return `WITH picked AS (${keyset.picked})
        SELECT (${mealsJson('m.user_id = $1 AND m.id IN (SELECT id FROM picked)', order)}) AS meals, (${keyset.next}) AS next`;
  };
  return {
    get: `SELECT (${mealsJson('m.user_id = $1 AND m.id = $2')}) AS meals`,
    list: `SELECT (${mealsJson(inRange('m'))}) AS meals`,
    day: `SELECT (${mealsJson(inRange('m'))}) AS meals, (SELECT count(*)::int FROM ${tables.symptoms} d WHERE ${inRange('d')}) AS "symptomsCount"`,
    page: { newest: page('newest'), oldest: page('oldest') },
  };
}

/**
 * Reads meals from the read tables, one statement each (mealReadStatements), as named prepared statements on TypeORM's
 * own pool: each connection parses a statement once and PostgreSQL reuses its plan, where planning the JSON statements
 * cost more than running them (bench:dashboard's plans: 0.7 ms planning, 0.4 ms execution for today's meals).
 * TypeORM's query() cannot name a statement.
 */
@Injectable()
export class MealReader {
  private readonly sql: MealReadStatements;
  private readonly pool: Pool;

  constructor(@InjectDataSource() dataSource: DataSource) {
    const table = (entity: typeof MealRecord | typeof MealFoodRecord | typeof SymptomRecord) => dataSource.getMetadata(entity).tablePath;
    this.sql = mealReadStatements({ meals: table(MealRecord), mealFoods: table(MealFoodRecord), symptoms: table(SymptomRecord) });
    this.pool = (dataSource.driver as PostgresDriver).master as Pool;
  }

  /** The one row a read answers; `name` names its prepared statement. */
  private async row<Row>(name: string, text: string, values: unknown[]): Promise<Row> {
    const { rows } = await this.pool.query({ name: `journal.${name}`, text, values });
    return rows[0] as Row;
  }

  /** A page of the caller's meals in `order`: `limit` of them after `after` (or from the first), and where the next page starts. */
  async page(userId: number, order: KeysetOrder, after: KeysetPosition | null, limit: number): Promise<KeysetPage<Meal>> {
    const row = await this.row<{ meals: MealRow[]; next: KeysetPosition | null }>(`meals.page.${order}`, this.sql.page[order], keysetParams(userId, order, after, limit));
    return { items: row.meals.map(toMeal), next: row.next };
  }

  /** The caller's meal, or 404 for one that is not theirs or no longer exists. */
  async get(userId: number, mealId: number): Promise<Meal> {
    const { meals } = await this.row<{ meals: MealRow[] }>('meals.get', this.sql.get, [userId, mealId]);
    if (meals.length === 0) throw rpcFailure(404, Messages.mealNotFound);
    return toMeal(meals[0]);
  }

  /** The caller's meals within `range`, newest first. */
  async list(userId: number, range: TimeRange): Promise<Meal[]> {
    const { meals } = await this.row<{ meals: MealRow[] }>('meals.list', this.sql.list, [userId, range.start, range.end]);
    return meals.map(toMeal);
  }

  /** One local day of the caller's: its meals newest first and how many symptoms they logged in it, in one statement. */
  async day(userId: number, range: TimeRange): Promise<{ meals: Meal[]; symptomsCount: number }> {
    const row = await this.row<{ meals: MealRow[]; symptomsCount: number }>('meals.day', this.sql.day, [userId, range.start, range.end]);
    return { meals: row.meals.map(toMeal), symptomsCount: row.symptomsCount };
  }
}

/** Rows of `alias` of the user $1 with a timestamp in [$2, $3). */
function inRange(alias: string): string {
  return `${alias}.user_id = $1 AND ${alias}."timestamp" >= $2 AND ${alias}."timestamp" < $3`;
}
