import { MessageReply, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { DailySummaries } from './daily-summaries';

@Controller()
export class DailySummaryHandler {
  constructor(private readonly summaries: DailySummaries) {}

  /** Profile's 'Send Test Daily Email': today so far, to the signed-in person's own address. */
  @Handles(Rpc.notifications.testDailySummary)
  testDailySummary({ caller }: RpcParsed<typeof Rpc.notifications.testDailySummary>): Promise<MessageReply> {
    return this.summaries.sendTest(caller);
  }
}
