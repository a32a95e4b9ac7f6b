import { localDayRange, Page, PAGE_DEFAULT_LIMIT, Rpc, RpcParsed, Symptom } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, LessThan, MoreThanOrEqual } from 'typeorm';
import { decodeCursor, pageOf } from '../../paging/page-cursor';
import { SymptomRecord, toSymptom } from '../symptom.entity';

@Controller()
export class ListSymptomsHandler {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The symptoms of one of the caller's own calendar days whole, or else a page of them all; newest first. */
  @Handles(Rpc.journal.listSymptoms)
  async list({ caller, input }: RpcParsed<typeof Rpc.journal.listSymptoms>): Promise<Page<Symptom>> {
    const symptoms = this.dataSource.getRepository(SymptomRecord);
    if (input.date !== undefined) {
      const range = localDayRange(input.date, caller.timeZone);
      const records = await symptoms.find({
        where: { userId: caller.userId, timestamp: And(MoreThanOrEqual(range.start), LessThan(range.end)) },
        order: { timestamp: 'DESC', id: 'DESC' },
      });
      return { items: records.map(toSymptom), nextCursor: null };
    }
    // Keyset paging on the (user_id, timestamp, id) index: one more row than the page says whether there is a next one.
    const limit = input.limit ?? PAGE_DEFAULT_LIMIT;
    const page = symptoms
      .createQueryBuilder('s')
      .where('s.user_id = :userId', { userId: caller.userId })
      .orderBy('s.timestamp', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .limit(limit + 1);
    if (input.cursor !== undefined) {
      const { timestamp, id } = decodeCursor(input.cursor);
      page.andWhere('(s.timestamp, s.id) < (:timestamp, :id)', { timestamp: new Date(timestamp), id });
    }
    return pageOf((await page.getMany()).map(toSymptom), limit);
  }
}
