import { localDayRange, Rpc, RpcParsed, Symptom } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, LessThan, MoreThanOrEqual } from 'typeorm';
import { SymptomRecord, toSymptom } from '../symptom.entity';

@Controller()
export class ListSymptomsHandler {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every symptom of the caller's, or those of one of their own calendar days, newest first. */
  @Handles(Rpc.journal.listSymptoms)
  async list({ caller, input }: RpcParsed<typeof Rpc.journal.listSymptoms>): Promise<Symptom[]> {
    const range = input.date === undefined ? undefined : localDayRange(input.date, caller.timeZone);
    const records = await this.dataSource.getRepository(SymptomRecord).find({
      where: range ? { userId: caller.userId, timestamp: And(MoreThanOrEqual(range.start), LessThan(range.end)) } : { userId: caller.userId },
      order: { timestamp: 'DESC', id: 'DESC' },
    });
    return records.map(toSymptom);
  }
}
