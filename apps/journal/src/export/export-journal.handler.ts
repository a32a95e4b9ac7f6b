import { ExportPage, Meal, Rpc, RpcParsed, Symptom } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MealReader } from '../meals/meal-reader';
import { SymptomPages } from '../symptoms/symptom-pages';

/** Meals per export page: a page of meals with a few foods each stays far below NATS's 1 MB payload. */
export const EXPORT_MEALS_PAGE = 100;
/** Symptoms per export page: a few hundred bytes each. */
export const EXPORT_SYMPTOMS_PAGE = 1000;

/** Issue 20: the caller's whole journal for their export, a page at a time, oldest first, straight from the read tables. */
@Controller()
export class ExportJournalHandler {
  private readonly symptoms: SymptomPages;

  constructor(
    private readonly meals: MealReader,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.symptoms = new SymptomPages(dataSource);
  }

  @Handles(Rpc.journal.exportMeals)
  exportMeals({ caller, after }: RpcParsed<typeof Rpc.journal.exportMeals>): Promise<ExportPage<Meal>> {
    return this.meals.page(caller.userId, 'oldest', after, EXPORT_MEALS_PAGE);
  }

  @Handles(Rpc.journal.exportSymptoms)
  exportSymptoms({ caller, after }: RpcParsed<typeof Rpc.journal.exportSymptoms>): Promise<ExportPage<Symptom>> {
    return this.symptoms.page(caller.userId, 'oldest', after, EXPORT_SYMPTOMS_PAGE);
  }
}
