import { localDayRange, Page, PAGE_DEFAULT_LIMIT, Rpc, RpcParsed, Symptom } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { And, DataSource, LessThan, MoreThanOrEqual } from 'typeorm';
import { decodeCursor, encodeCursor } from '../../paging/keyset';
import { SymptomPages } from '../symptom-pages';
import { SymptomRecord, toSymptom } from '../symptom.entity';

@Controller()
export class ListSymptomsHandler {
  private readonly pages: SymptomPages;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.pages = new SymptomPages(dataSource);
  }

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
    const page = await this.pages.page(caller.userId, 'newest', input.cursor === undefined ? null : decodeCursor(input.cursor), input.limit ?? PAGE_DEFAULT_LIMIT);
    return { items: page.items, nextCursor: page.next && encodeCursor(page.next) };
  }
}
