import { MessageReply, JournalMessages, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MealStreams } from '../meal-streams';

@Controller()
export class DeleteMealHandler {
  constructor(private readonly streams: MealStreams) {}

  /** The meal leaves every list; its symptoms stay in the log, unlinked. */
  @Handles(Rpc.journal.deleteMeal)
  async delete({ caller, mealId }: RpcParsed<typeof Rpc.journal.deleteMeal>): Promise<MessageReply> {
    await this.streams.execute(mealId, { type: 'Delete', userId: caller.userId, now: new Date() });
    return { message: JournalMessages.mealDeleted };
  }
}
