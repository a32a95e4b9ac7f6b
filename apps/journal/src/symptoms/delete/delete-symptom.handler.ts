import { MessageReply, JournalMessages, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { JournalEvents } from '../../journal-events';
import { symptomDecider } from '../symptom.aggregate';
import { symptomStream } from '../symptom-streams';

@Controller()
export class DeleteSymptomHandler {
  constructor(private readonly events: JournalEvents) {}

  @Handles(Rpc.journal.deleteSymptom)
  async delete({ caller, symptomId }: RpcParsed<typeof Rpc.journal.deleteSymptom>): Promise<MessageReply> {
    const command = { type: 'Delete', userId: caller.userId, now: new Date() } as const;
    await this.events.handle(symptomDecider, symptomStream(symptomId), command, { userId: caller.userId });
    return { message: JournalMessages.symptomDeleted };
  }
}
