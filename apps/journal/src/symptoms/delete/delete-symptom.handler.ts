import { MessageReply, JournalMessages, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { JournalEvents } from '../../journal-events';
import { decide, symptomStateOf } from '../symptom.aggregate';
import { symptomStream } from '../symptom-streams';

@Controller()
export class DeleteSymptomHandler {
  constructor(private readonly events: JournalEvents) {}

  @Handles(Rpc.journal.deleteSymptom)
  async delete({ caller, symptomId }: RpcParsed<typeof Rpc.journal.deleteSymptom>): Promise<MessageReply> {
    const command = { type: 'Delete', userId: caller.userId, now: new Date() } as const;
    await this.events.execute(symptomStream(symptomId), caller.userId, (events) => decide(command, symptomStateOf(events)));
    return { message: JournalMessages.symptomDeleted };
  }
}
