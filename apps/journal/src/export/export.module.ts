import { Module } from '@nestjs/common';
import { MealsModule } from '../meals/meals.module';
import { ExportJournalHandler } from './export-journal.handler';

@Module({ imports: [MealsModule], controllers: [ExportJournalHandler] })
export class ExportModule {}
