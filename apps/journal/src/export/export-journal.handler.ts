import { ExportCursor, ExportPage, Meal, Rpc, RpcParsed, Symptom } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { afterCursor, exportKeyset, iso, MealReader } from '../meals/meal-reader';
import { SymptomRecord } from '../symptoms/symptom.entity';

/** Symptoms per export page: a few hundred bytes each. */
export const EXPORT_SYMPTOMS_PAGE = 1000;

/** Issue 20: the caller's whole journal for their export, a page at a time, oldest first, straight from the read tables. */
@Controller()
export class ExportJournalHandler {
  private readonly symptomsPageSql: string;

  constructor(
    private readonly meals: MealReader,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    const table = dataSource.getMetadata(SymptomRecord).tablePath;
    const keyset = exportKeyset(table, 'x');
    this.symptomsPageSql = `WITH picked AS (${keyset.picked})
      SELECT coalesce((SELECT json_agg(json_build_object('id', s.id, 'symptomType', s.symptom_type, 'severity', s.severity, 'notes', s.notes,
          'timestamp', ${iso('s."timestamp"')}, 'mealId', s.meal_id) ORDER BY s."timestamp", s.id)
        FROM ${table} s WHERE s.id IN (SELECT id FROM picked)), '[]') AS symptoms,
        (${keyset.cursor}) AS last, (SELECT count(*)::int FROM picked) AS count`;
  }

  @Handles(Rpc.journal.exportMeals)
  exportMeals({ caller, after }: RpcParsed<typeof Rpc.journal.exportMeals>): Promise<ExportPage<Meal>> {
    return this.meals.exportPage(caller.userId, after);
  }

  @Handles(Rpc.journal.exportSymptoms)
  async exportSymptoms({ caller, after }: RpcParsed<typeof Rpc.journal.exportSymptoms>): Promise<ExportPage<Symptom>> {
    const [row]: { symptoms: Symptom[]; last: ExportCursor | null; count: number }[] = await this.dataSource.query(this.symptomsPageSql, [
      caller.userId,
      ...afterCursor(after),
      EXPORT_SYMPTOMS_PAGE,
    ]);
    return { items: row.symptoms, next: row.count === EXPORT_SYMPTOMS_PAGE ? row.last : null };
  }
}
