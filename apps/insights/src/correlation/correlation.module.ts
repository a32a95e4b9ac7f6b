import { Module } from '@nestjs/common';
import { HistoryReader } from '../journal-history/history-reader';
import { AnalysisCache } from './analysis-cache';
import { CorrelationHandler } from './correlation.handler';

@Module({
  controllers: [CorrelationHandler],
  providers: [HistoryReader, AnalysisCache],
})
export class CorrelationModule {}
