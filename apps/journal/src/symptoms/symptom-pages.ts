import { Symptom } from '@fodmap/contracts';
import { DataSource } from 'typeorm';
import { iso } from '../meals/meal-reader';
import { KeysetOrder, KeysetPage, KeysetPosition, keysetParams, keysetSql } from '../paging/keyset';
import { SymptomRecord } from './symptom.entity';

/** A person's symptoms a page at a time (the Diary's list, the export), built as JSON by PostgreSQL in one statement. */
export class SymptomPages {
  private readonly sql: Record<KeysetOrder, string>;

  constructor(private readonly dataSource: DataSource) {
    const table = dataSource.getMetadata(SymptomRecord).tablePath;
    const pageSql = (order: KeysetOrder) => {
      const keyset = keysetSql(table, order);
      const direction = order === 'newest' ? 'DESC' : 'ASC';
      return `WITH picked AS (${keyset.picked})
        SELECT coalesce((SELECT json_agg(json_build_object('id', s.id, 'symptomType', s.symptom_type, 'severity', s.severity, 'notes', s.notes,
            'timestamp', ${iso('s."timestamp"')}, 'mealId', s.meal_id) ORDER BY s."timestamp" ${direction}, s.id ${direction})
          FROM ${table} s WHERE s.user_id = $1 AND s.id IN (SELECT id FROM picked)), '[]') AS symptoms,
          (${keyset.next}) AS next`;
    };
    this.sql = { newest: pageSql('newest'), oldest: pageSql('oldest') };
  }

  /** `limit` of the caller's symptoms in `order` after `after` (or from the first), and where the next page starts. */
  async page(userId: number, order: KeysetOrder, after: KeysetPosition | null, limit: number): Promise<KeysetPage<Symptom>> {
    const [row]: { symptoms: Symptom[]; next: KeysetPosition | null }[] = await this.dataSource.query(this.sql[order], keysetParams(userId, order, after, limit));
    return { items: row.symptoms, next: row.next };
  }
}
