import { JOURNAL } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { StoredEvent } from './event';
import { JournalCopyDefinition, journalCopyProjection } from './journal-copy';
import { KeyedWrites, Row } from './keyed-writes';
import { applyEvent } from './projection';
import { replayedJobs } from '../jobs/projection-jobs';

type Write = ['upsert', string, Row] | ['delete' | 'update', string, ...unknown[]];

/** Records the writes in order: what a copy's handlers ask of its tables. */
class RecordedWrites implements KeyedWrites {
  readonly writes: Write[] = [];
  async upsert(table: string, row: Row) {
    this.writes.push(['upsert', table, row]);
  }
  async delete(table: string, column: string, value: unknown) {
    this.writes.push(['delete', table, column, value]);
  }
  async update(table: string, set: Row, column: string, value: unknown) {
    this.writes.push(['update', table, set, column, value]);
  }
}

const meal = { mealId: 7, userId: 3, name: 'Porridge', mealType: 'breakfast', timestamp: '2026-03-09T07:30:00.000Z', timeZone: 'Europe/London', notes: null };
const at = '2026-03-09T08:00:00.000Z';
const events: Record<string, { type: string; data: unknown }> = {
  MealCreated: { type: 'MealCreated', data: meal },
  MealChanged: { type: 'MealChanged', data: { ...meal, mealType: 'lunch', changed: ['mealType'], changedAt: at } },
  MealCompleted: { type: 'MealCompleted', data: { mealId: 7, userId: 3, completedAt: at } },
  MealDeleted: { type: 'MealDeleted', data: { mealId: 7, userId: 3, deletedAt: at } },
  SymptomDeleted: { type: 'SymptomDeleted', data: { symptomId: 11, userId: 3, deletedAt: at } },
};

let position = 0;
const stored = (type: string): StoredEvent => {
  position += 1;
  return { ...events[type], position, streamId: 'meal-7', streamVersion: position, eventId: `event-${position}`, schemaVersion: 1, metadata: { userId: 3, correlationId: 'c', causationId: null, occurredAt: at } };
};

const rows: JournalCopyDefinition['rows'] = {
  meal: (m) => ({ meal_id: m.mealId, user_id: m.userId, meal_type: m.mealType }),
  mealFood: (entry) => ({ entry_id: entry.entryId, meal_id: entry.mealId }),
  symptom: (symptom) => ({ symptom_id: symptom.symptomId, meal_id: symptom.mealId }),
};
const tables = { meals: 'copy_meals', mealFoods: 'copy_foods', symptoms: 'copy_symptoms' };
// The handlers reach the database only through `rows`: a manager that never connects.
const manager = new DataSource({ type: 'postgres' }).manager;

async function apply(definition: JournalCopyDefinition, types: string[]) {
  const projection = journalCopyProjection(definition);
  const writes = new RecordedWrites();
  const applied: boolean[] = [];
  for (const type of types) applied.push(await applyEvent(projection, JOURNAL, { manager, tables: {}, rows: writes, jobs: replayedJobs }, stored(type)));
  return { projection, writes: writes.writes, applied };
}

describe('one copy of the journal', () => {
  it('owns its tables, keyed by the entities’ ids, with its other tables', () => {
    const projection = journalCopyProjection({ name: 'copy', tables, rows, otherTables: { versions: 'user_id' } });

    expect(projection.tables).toEqual(['copy_meals', 'copy_foods', 'copy_symptoms', 'versions']);
    expect(projection.keys).toEqual({ copy_meals: 'meal_id', copy_foods: 'entry_id', copy_symptoms: 'symptom_id', versions: 'user_id' });
    expect(projection.batchedWrites).toBe(true);
  });

  it('writes the copy’s rows, unlinks a deleted meal’s symptoms, ignores completion when it does not keep it, and adds its own writes after each event', async () => {
    const { writes, applied } = await apply(
      { name: 'copy', tables, rows, otherTables: { versions: 'user_id' }, afterEach: ({ rows: keyed }, event) => keyed.upsert('versions', { user_id: event.data.userId, position: event.position }) },
      ['MealCreated', 'MealChanged', 'MealCompleted', 'MealDeleted', 'SymptomDeleted'],
    );

    expect(applied).toEqual([true, true, false, true, true]);
    expect(writes).toEqual([
      ['upsert', 'copy_meals', { meal_id: 7, user_id: 3, meal_type: 'breakfast' }],
      ['upsert', 'versions', { user_id: 3, position: expect.any(Number) }],
      ['upsert', 'copy_meals', { meal_id: 7, user_id: 3, meal_type: 'lunch' }],
      ['upsert', 'versions', { user_id: 3, position: expect.any(Number) }],
      ['delete', 'copy_foods', 'meal_id', 7],
      ['update', 'copy_symptoms', { meal_id: null }, 'meal_id', 7],
      ['delete', 'copy_meals', 'meal_id', 7],
      ['upsert', 'versions', { user_id: 3, position: expect.any(Number) }],
      ['delete', 'copy_symptoms', 'symptom_id', 11],
      ['upsert', 'versions', { user_id: 3, position: expect.any(Number) }],
    ]);
  });

  it('keeps whether a meal is completed in its column when asked, a correction leaving it as it is, and then does what the copy does on completion', async () => {
    const completions: string[] = [];
    const { writes, applied } = await apply(
      {
        name: 'copy',
        tables,
        rows,
        completed: {
          column: 'completed',
          then: async (_context, event) => {
            completions.push(`${event.data.mealId} by ${event.eventId}`);
          },
        },
      },
      ['MealCreated', 'MealChanged', 'MealCompleted'],
    );

    expect(applied).toEqual([true, true, true]);
    expect(writes).toEqual([
      ['upsert', 'copy_meals', { meal_id: 7, user_id: 3, meal_type: 'breakfast', completed: false }],
      ['update', 'copy_meals', { meal_id: 7, user_id: 3, meal_type: 'lunch' }, 'meal_id', 7],
      ['update', 'copy_meals', { completed: true }, 'meal_id', 7],
    ]);
    expect(completions).toEqual([expect.stringMatching(/^7 by event-\d+$/)]);
  });
});
