import { describe, expect, it } from '@jest/globals';
import { BatchedWrites } from './keyed-writes';

const tables = { meals: '"s"."meals"', symptoms: '"s"."symptoms"' };
const keys = { meals: 'meal_id', symptoms: 'symptom_id' };

describe('writes folded for a batch', () => {
  it('applies each write to the batch’s own rows at once, and to the rows from before in order, then deletes and upserts', async () => {
    const batch = new BatchedWrites(tables, keys);
    await batch.upsert('symptoms', { symptom_id: 1, meal_id: 7, felt_at: '2025-03-09T04:30:00.000Z' });
    await batch.upsert('symptoms', { symptom_id: 2, meal_id: 8, felt_at: '2025-03-09T05:30:00.000Z' });
    // A meal deleted: its symptoms from before the batch, and the batch's own symptom 1, are unlinked.
    await batch.update('symptoms', { meal_id: null }, 'meal_id', 7);
    await batch.update('symptoms', { meal_id: null }, 'meal_id', 9);
    await batch.upsert('meals', { meal_id: 10, meal_type: 'lunch' });
    await batch.delete('meals', 'meal_id', 10);
    await batch.delete('symptoms', 'symptom_id', 2);

    expect(batch.statements()).toEqual([
      { sql: 'UPDATE "s"."symptoms" SET "meal_id" = $1 WHERE "meal_id" = ANY($2)', parameters: [null, [7, 9]] },
      { sql: 'DELETE FROM "s"."symptoms" WHERE "symptom_id" = ANY($1)', parameters: [['2']] },
      {
        sql: 'INSERT INTO "s"."symptoms" ("symptom_id", "meal_id", "felt_at") SELECT "symptom_id", "meal_id", "felt_at" FROM json_populate_recordset(NULL::"s"."symptoms", $1) ON CONFLICT ("symptom_id") DO UPDATE SET "meal_id" = EXCLUDED."meal_id", "felt_at" = EXCLUDED."felt_at"',
        parameters: [JSON.stringify([{ symptom_id: 1, meal_id: null, felt_at: '2025-03-09T04:30:00.000Z' }])],
      },
      { sql: 'DELETE FROM "s"."meals" WHERE "meal_id" = ANY($1)', parameters: [['10']] },
    ]);
  });

  it('refuses upserts of one table that give different columns: each must replace the whole row', async () => {
    const batch = new BatchedWrites(tables, keys);
    await batch.upsert('meals', { meal_id: 1, meal_type: 'lunch' });
    await batch.upsert('meals', { meal_id: 2 });

    expect(() => batch.statements()).toThrow('Upserts into meals must give the same columns');
  });
});
