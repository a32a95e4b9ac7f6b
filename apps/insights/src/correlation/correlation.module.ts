import { Module } from '@nestjs/common';
import { HistoryReader } from '../journal-history/history-reader';
import { CorrelationHandler } from './correlation.handler';

@Module({
  controllers: [CorrelationHandler],
  providers: [HistoryReader],
})
export class CorrelationModule {}
