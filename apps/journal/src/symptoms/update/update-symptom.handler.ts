import { Rpc, RpcParsed, Symptom } from '@fodmap/contracts';
import { Handles } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { JournalEvents } from '../../journal-events';
import { assertOwnMeal } from '../linked-meal';
import { symptomDecider } from '../symptom.aggregate';
import { SymptomRecord, toSymptom } from '../symptom.entity';
import { symptomStream } from '../symptom-streams';

@Controller()
export class UpdateSymptomHandler {
  constructor(private readonly events: JournalEvents) {}

  /**
   * A correction of the symptom's type, severity, notes, time or linked meal (issue 18): a SymptomChanged with the whole
   * symptom as it now stands. A correction that changes nothing records nothing; either way, the symptom as it is.
   */
  @Handles(Rpc.journal.updateSymptom)
  async update({ caller, symptomId, input }: RpcParsed<typeof Rpc.journal.updateSymptom>): Promise<Symptom> {
    const { userId, timeZone } = caller;
    const symptoms = this.events.dataSource.getRepository(SymptomRecord);
    const linkedMealId = (await symptoms.findOneBy({ id: symptomId, userId }))?.mealId ?? null;
    const mealId = input.mealId === undefined ? linkedMealId : input.mealId;
    const command = { type: 'Change', userId, changes: input, linkedMealId, timeZone, now: new Date() } as const;
    // The meal it will be linked to is checked under the append lock; one deleted since the read above is a 404 too.
    await this.events.handle(symptomDecider, symptomStream(symptomId), command, { userId, before: (manager) => assertOwnMeal(manager, userId, mealId) });
    return toSymptom(await symptoms.findOneByOrFail({ id: symptomId, userId }));
  }
}
