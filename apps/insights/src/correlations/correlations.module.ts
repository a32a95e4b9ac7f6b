import { Module } from '@nestjs/common';
import { HistoryReader } from '../journal-history/history-reader';
import { CorrelationsHandler } from './correlations.handler';

@Module({
  controllers: [CorrelationsHandler],
  providers: [HistoryReader],
})
export class CorrelationsModule {}
