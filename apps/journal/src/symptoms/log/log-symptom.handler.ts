import { Rpc, RpcParsed, Symptom, SymptomLoggedV1 } from '@fodmap/contracts';
import { Handles, IdempotencyKeys, newStream } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { JournalEvents } from '../../journal-events';
import { assertOwnMeal } from '../linked-meal';
import { symptomDecider } from '../symptom.aggregate';
import { SymptomRecord, toSymptom } from '../symptom.entity';
import { symptomStream } from '../symptom-streams';

@Controller()
export class LogSymptomHandler {
  constructor(
    private readonly events: JournalEvents,
    private readonly idempotencyKeys: IdempotencyKeys,
  ) {}

  /** At `timestamp` (a symptom that began earlier, or a past day) or now; never in the future beyond clock skew. */
  @Handles(Rpc.journal.logSymptom)
  async log({ caller, input, idempotencyKey }: RpcParsed<typeof Rpc.journal.logSymptom>): Promise<Symptom> {
    const { userId } = caller;
    const now = new Date();
    const mealId = input.mealId ?? null;
    const id = await this.idempotencyKeys.createOnce({ userId, key: idempotencyKey, input }, async (recordKey) => {
      const symptomId = await this.events.nextId('symptom_id_seq');
      const symptom: SymptomLoggedV1 = {
        symptomId,
        userId,
        symptomType: input.symptomType,
        severity: input.severity,
        notes: input.notes ?? null,
        mealId,
        timestamp: input.timestamp ?? now.toISOString(),
        timeZone: caller.timeZone,
      };
      await this.events.handle(symptomDecider, symptomStream(symptomId), { type: 'Log', symptom, now }, {
        userId,
        // Only with a meal: a check makes the group's pending read-table writes go first (see InlineWork).
        before: mealId === null ? undefined : (manager) => assertOwnMeal(manager, userId, mealId),
        idempotency: { record: recordKey, resourceId: symptomId },
      }, newStream(symptomDecider));
      return symptomId;
    });
    return toSymptom(await this.events.dataSource.getRepository(SymptomRecord).findOneByOrFail({ id, userId }));
  }
}
