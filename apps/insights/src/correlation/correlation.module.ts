import { Module } from '@nestjs/common';
import { HistoryReader } from '../journal-history/history-reader';
import { AnalysisCache } from './analysis-cache';
import { CorrelationHandler } from './correlation.handler';
import { TopCorrelationsHandler } from './top-correlations.handler';

@Module({
  controllers: [CorrelationHandler, TopCorrelationsHandler],
  providers: [HistoryReader, AnalysisCache],
})
export class CorrelationModule {}
