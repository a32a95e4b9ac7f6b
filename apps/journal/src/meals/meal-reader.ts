import { ExportCursor, ExportPage, Meal, Messages, Page } from '@fodmap/contracts';
import { rpcFailure } from '@fodmap/server';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PagePosition, pageOf } from '../paging/page-cursor';
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

/** Meals per export page: a page of meals with a few foods each stays far below NATS's 1 MB payload. */
export const EXPORT_MEALS_PAGE = 100;

/**
 * Rows of the user $1 after the cursor ($2 instant, $3 id), oldest first, at most $4: the keyset of an export page.
 * The cursor is the page's last row, its instant to the microsecond so that no row is read twice or skipped.
 */
export function exportKeyset(table: string, alias: string): { picked: string; cursor: string } {
  return {
    picked: `SELECT ${alias}.id, ${alias}."timestamp" FROM ${table} ${alias}
      WHERE ${alias}.user_id = $1 AND (${alias}."timestamp", ${alias}.id) > ($2::timestamptz, $3::bigint)
      ORDER BY ${alias}."timestamp", ${alias}.id LIMIT $4`,
    cursor: `SELECT json_build_object('at', to_char(p."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'id', p.id::text)
      FROM picked p ORDER BY p."timestamp" DESC, p.id DESC LIMIT 1`,
  };
}

/** The keyset parameters $2 and $3 of a page: from the very start without a cursor. */
export const afterCursor = (after: ExportCursor | null): [string, string] => (after ? [after.at, after.id] : ['-infinity', '0']);

/**
 * Reads meals from the read tables in one statement each: PostgreSQL builds the meals with their foods and symptoms as
 * one JSON array (two indexed subqueries per meal), so a read is one round trip and no ORM hydration (bench:dashboard).
 */
@Injectable()
export class MealReader {
  /** SELECT of one JSON array of MealRows, newest first, for the meals `m` matching a condition. */
  private readonly mealsJson: (where: string) => string;
  private readonly symptomsTable: string;
  private readonly exportPageSql: string;
  private readonly mealsTable: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const table = (entity: typeof MealRecord | typeof MealFoodRecord | typeof SymptomRecord) => dataSource.getMetadata(entity).tablePath;
    this.symptomsTable = table(SymptomRecord);
    this.mealsTable = table(MealRecord);
    const foods = `SELECT json_agg(json_build_object('id', f.id, 'quantity', f.quantity, 'servingUnit', f.serving_unit, 'grams', f.grams, 'food', f.food) ORDER BY f.position)
      FROM ${table(MealFoodRecord)} f WHERE f.meal_id = m.id`;
    const symptoms = `SELECT json_agg(json_build_object('id', s.id, 'symptomType', s.symptom_type, 'severity', s.severity, 'notes', s.notes, 'timestamp', ${iso('s."timestamp"')}, 'mealId', s.meal_id) ORDER BY s."timestamp" DESC, s.id DESC)
      FROM ${this.symptomsTable} s WHERE s.meal_id = m.id`;
    this.mealsJson = (where) => `SELECT coalesce(json_agg(json_build_object(
        'id', m.id, 'name', m.name, 'mealType', m.meal_type, 'timestamp', ${iso('m."timestamp"')}, 'completed', m.completed, 'notes', m.notes,
        'foods', coalesce((${foods}), '[]'), 'symptoms', coalesce((${symptoms}), '[]')
      ) ORDER BY m."timestamp" DESC, m.id DESC), '[]') FROM ${this.mealsTable} m WHERE ${where}`;
    const keyset = exportKeyset(this.mealsTable, 'x');
    this.exportPageSql = `WITH picked AS (${keyset.picked})
      SELECT (${this.mealsJson('m.id IN (SELECT id FROM picked)')}) AS meals, (${keyset.cursor}) AS last, (SELECT count(*)::int FROM picked) AS count`;
  }

  /** A page of the caller's meals for their export, oldest first, after `after`. */
  async exportPage(userId: number, after: ExportCursor | null): Promise<ExportPage<Meal>> {
    const [row]: { meals: MealRow[]; last: ExportCursor | null; count: number }[] = await this.dataSource.query(this.exportPageSql, [userId, ...afterCursor(after), EXPORT_MEALS_PAGE]);
    return { items: row.meals.map(toMeal).reverse(), next: row.count === EXPORT_MEALS_PAGE ? row.last : null };
  }

  /** The caller's meal, or 404 for one that is not theirs or no longer exists. */
  async get(userId: number, mealId: number): Promise<Meal> {
    const [{ meals }]: { meals: MealRow[] }[] = await this.dataSource.query(`SELECT (${this.mealsJson('m.user_id = $1 AND m.id = $2')}) AS meals`, [userId, mealId]);
    if (meals.length === 0) throw rpcFailure(404, Messages.mealNotFound);
    return toMeal(meals[0]);
  }

  /** The caller's meals within `range`, newest first. */
  async list(userId: number, range: TimeRange): Promise<Meal[]> {
    const [{ meals }]: { meals: MealRow[] }[] = await this.dataSource.query(`SELECT (${this.mealsJson(inRange('m'))}) AS meals`, [userId, range.start, range.end]);
    return meals.map(toMeal);
  }

  /** A page of the caller's meals, newest first: `limit` of them after `after` (or the newest), and the next page's cursor. */
  async page(userId: number, limit: number, after?: PagePosition): Promise<Page<Meal>> {
    // The page's ids first, by the (user_id, timestamp, id) index; then only those meals are built as JSON.
    const beforeLast = after ? 'AND (p."timestamp", p.id) < ($3::timestamptz, $4::bigint)' : '';
    const ids = `SELECT p.id FROM ${this.mealsTable} p WHERE p.user_id = $1 ${beforeLast} ORDER BY p."timestamp" DESC, p.id DESC LIMIT $2`;
    const [{ meals }]: { meals: MealRow[] }[] = await this.dataSource.query(
      `SELECT (${this.mealsJson(`m.user_id = $1 AND m.id IN (${ids})`)}) AS meals`,
      after ? [userId, limit + 1, after.timestamp, after.id] : [userId, limit + 1],
    );
    return pageOf(meals.map(toMeal), limit);
  }

  /** One local day of the caller's: its meals newest first and how many symptoms they logged in it, in one statement. */
  async day(userId: number, range: TimeRange): Promise<{ meals: Meal[]; symptomsCount: number }> {
    const [row]: { meals: MealRow[]; symptomsCount: number }[] = await this.dataSource.query(
      `SELECT (${this.mealsJson(inRange('m'))}) AS meals, (SELECT count(*)::int FROM ${this.symptomsTable} d WHERE ${inRange('d')}) AS "symptomsCount"`,
      [userId, range.start, range.end],
    );
    return { meals: row.meals.map(toMeal), symptomsCount: row.symptomsCount };
  }
}

/** Rows of `alias` of the user $1 with a timestamp in [$2, $3). */
function inRange(alias: string): string {
  return `${alias}.user_id = $1 AND ${alias}."timestamp" >= $2 AND ${alias}."timestamp" < $3`;
}
