import { CLOCK_SKEW_MS, JournalMessages, Messages, Rpc, RpcParsed, Symptom, SymptomLoggedV1 } from '@fodmap/contracts';
import { Handles, IdempotencyKeys, rpcFailure } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { JournalEvents } from '../../journal-events';
import { MealRecord } from '../../meals/meal.entity';
import { decide, initialSymptomState } from '../symptom.aggregate';
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
    const now = Date.now();
    if (input.timestamp !== undefined && Date.parse(input.timestamp) > now + CLOCK_SKEW_MS) throw rpcFailure(400, JournalMessages.symptomTimestampInvalid);
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
        timestamp: input.timestamp ?? new Date(now).toISOString(),
        timeZone: caller.timeZone,
      };
      await this.events.append(symptomStream(symptomId), 0, decide({ type: 'Log', symptom }, initialSymptomState), userId, {
        before: mealId === null ? undefined : (manager) => assertOwnMeal(manager, userId, mealId),
        after: (manager) => recordKey(manager, symptomId),
      });
      return symptomId;
    });
    return toSymptom(await this.events.dataSource.getRepository(SymptomRecord).findOneByOrFail({ id, userId }));
  }
}

/**
 * The meal must be the caller's and not deleted. Checked under the append lock, where the meals table is exactly
 * what the events say and no deletion can commit in between, so a symptom never links a meal deleted meanwhile.
 */
async function assertOwnMeal(manager: EntityManager, userId: number, mealId: number): Promise<void> {
  if (!(await manager.getRepository(MealRecord).existsBy({ id: mealId, userId }))) throw rpcFailure(404, Messages.mealNotFound);
}
