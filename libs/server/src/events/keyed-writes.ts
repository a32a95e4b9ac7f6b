import { EntityManager } from 'typeorm';
import { quoteIdentifier } from './sql';

export type Row = Record<string, unknown>;

/**
 * The writes of a projection with `batchedWrites`, by the plain names of its tables. Every row has a key (the
 * projection's `keys`); an upsert gives every column of its table, so it replaces the whole row. These three are enough
 * for a projection keyed by entity ids, and their meaning is fixed, so a rebuild can fold a batch of events into a few
 * set-based statements (`BatchedWrites`) that leave the tables as the same writes one at a time (`ImmediateWrites`) would.
 * Values are scalars, Dates or JSON objects (for json/jsonb columns), never arrays.
 */
export interface KeyedWrites {
  /** Inserts the row, or replaces the row with its key. */
  upsert(table: string, row: Row): Promise<void>;
  /** Deletes the rows whose `column` equals `value`. */
  delete(table: string, column: string, value: unknown): Promise<void>;
  /** Sets `set` on the rows whose `column` equals `value`. */
  update(table: string, set: Row, column: string, value: unknown): Promise<void>;
}

interface Statement {
  sql: string;
  parameters: unknown[];
}

function assignments(set: Row, from = 1): string {
  return Object.keys(set)
    .map((column, index) => `${quoteIdentifier(column)} = $${from + index}`)
    .join(', ');
}

function upsertTail(key: string, columns: string[]): string {
  const others = columns.filter((column) => column !== key);
  const update = others.map((column) => `${quoteIdentifier(column)} = EXCLUDED.${quoteIdentifier(column)}`).join(', ');
  return `ON CONFLICT (${quoteIdentifier(key)}) DO ${others.length === 0 ? 'NOTHING' : `UPDATE SET ${update}`}`;
}

/** Each write at once, one statement each: what the live processor, dead-letter replays and a failing batch's redo use. */
export class ImmediateWrites implements KeyedWrites {
  constructor(
    private readonly manager: EntityManager,
    private readonly tables: Record<string, string>,
    private readonly keys: Record<string, string>,
  ) {}

  async upsert(table: string, row: Row): Promise<void> {
    const columns = Object.keys(row);
    const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ');
    await this.manager.query(
      `INSERT INTO ${this.tables[table]} (${columns.map(quoteIdentifier).join(', ')}) VALUES (${placeholders}) ${upsertTail(this.keys[table], columns)}`,
      Object.values(row),
    );
  }

  async delete(table: string, column: string, value: unknown): Promise<void> {
    await this.manager.query(`DELETE FROM ${this.tables[table]} WHERE ${quoteIdentifier(column)} = $1`, [value]);
  }

  async update(table: string, set: Row, column: string, value: unknown): Promise<void> {
    const values = Object.values(set);
    await this.manager.query(`UPDATE ${this.tables[table]} SET ${assignments(set)} WHERE ${quoteIdentifier(column)} = $${values.length + 1}`, [...values, value]);
  }
}

type ColumnWrite = { kind: 'delete'; column: string; values: unknown[] } | { kind: 'update'; column: string; values: unknown[]; set: Row };

/** What a batch does to one table: its rows' final states by key (null: deleted), and the writes by other columns. */
interface TableChanges {
  rows: Map<string, Row | null>;
  /** in order: they apply to the rows the table held before the batch */
  columnWrites: ColumnWrite[];
}

/** SQL `=`: null equals nothing; ids may come as numbers or strings. */
const equals = (left: unknown, right: unknown) => left !== null && left !== undefined && right !== null && right !== undefined && String(left) === String(right);

/**
 * A batch of writes folded in memory, then flushed per table in three steps: the writes by other columns, in order, on
 * the rows the table held before (consecutive alike ones merged into one `= ANY`); the deletes by key; the upserts, in
 * one INSERT … ON CONFLICT. Each write is applied at once to the batch's own rows in memory, so a row upserted in the
 * batch is not touched by the first step and overwrites whatever that step did to its key. Hence the same tables as
 * the writes one at a time, in a handful of statements per batch instead of one per event.
 */
export class BatchedWrites implements KeyedWrites {
  private readonly changes = new Map<string, TableChanges>();

  constructor(
    private readonly tables: Record<string, string>,
    private readonly keys: Record<string, string>,
  ) {}

  private of(table: string): TableChanges {
    let changes = this.changes.get(table);
    if (!changes) {
      changes = { rows: new Map(), columnWrites: [] };
      this.changes.set(table, changes);
    }
    return changes;
  }

  async upsert(table: string, row: Row): Promise<void> {
    this.of(table).rows.set(String(row[this.keys[table]]), { ...row });
  }

  async delete(table: string, column: string, value: unknown): Promise<void> {
    const { rows, columnWrites } = this.of(table);
    if (column === this.keys[table]) {
      rows.set(String(value), null);
      return;
    }
    for (const [key, row] of rows) if (row !== null && equals(row[column], value)) rows.set(key, null);
    const last = columnWrites[columnWrites.length - 1];
    if (last?.kind === 'delete' && last.column === column) last.values.push(value);
    else columnWrites.push({ kind: 'delete', column, values: [value] });
  }

  async update(table: string, set: Row, column: string, value: unknown): Promise<void> {
    const { rows, columnWrites } = this.of(table);
    if (column === this.keys[table] && rows.has(String(value))) {
      const row = rows.get(String(value));
      if (row) Object.assign(row, set);
      return;
    }
    for (const row of rows.values()) if (row !== null && equals(row[column], value)) Object.assign(row, set);
    const last = columnWrites[columnWrites.length - 1];
    if (last?.kind === 'update' && last.column === column && JSON.stringify(last.set) === JSON.stringify(set)) last.values.push(value);
    else columnWrites.push({ kind: 'update', column, values: [value], set });
  }

  /** The statements that apply the batch, in order. */
  statements(): Statement[] {
    const statements: Statement[] = [];
    for (const [table, { rows, columnWrites }] of this.changes) {
      const name = this.tables[table];
      const key = this.keys[table];
      for (const write of columnWrites) {
        if (write.kind === 'delete') {
          statements.push({ sql: `DELETE FROM ${name} WHERE ${quoteIdentifier(write.column)} = ANY($1)`, parameters: [write.values] });
        } else {
          const values = Object.values(write.set);
          statements.push({
            sql: `UPDATE ${name} SET ${assignments(write.set)} WHERE ${quoteIdentifier(write.column)} = ANY($${values.length + 1})`,
            parameters: [...values, write.values],
          });
        }
      }
      const deleted = [...rows].filter(([, row]) => row === null).map(([id]) => id);
      if (deleted.length > 0) statements.push({ sql: `DELETE FROM ${name} WHERE ${quoteIdentifier(key)} = ANY($1)`, parameters: [deleted] });
      const upserted = [...rows.values()].filter((row): row is Row => row !== null);
      if (upserted.length > 0) {
        const columns = Object.keys(upserted[0]);
        if (upserted.some((row) => Object.keys(row).length !== columns.length || columns.some((column) => !(column in row)))) {
          throw new Error(`Upserts into ${table} must give the same columns`);
        }
        const list = columns.map(quoteIdentifier).join(', ');
        statements.push({
          sql: `INSERT INTO ${name} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${name}, $1) ${upsertTail(key, columns)}`,
          parameters: [JSON.stringify(upserted)],
        });
      }
    }
    return statements;
  }

  async flush(manager: EntityManager): Promise<void> {
    for (const { sql, parameters } of this.statements()) await manager.query(sql, parameters);
    this.changes.clear();
  }
}
