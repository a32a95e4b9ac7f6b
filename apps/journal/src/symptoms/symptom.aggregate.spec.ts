import { JournalMessages, SymptomLoggedV1 } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { RpcException } from '@nestjs/microservices';
import { decide, evolve, initialSymptomState, SymptomEvent } from './symptom.aggregate';

const symptom: SymptomLoggedV1 = { symptomId: 5, userId: 1, symptomType: 'bloating', severity: 'moderate', notes: null, mealId: null, timestamp: '2026-03-10T12:00:00.000Z', timeZone: 'UTC' };
const now = new Date('2026-03-10T13:00:00.000Z');
const logged = evolve(initialSymptomState, { type: 'SymptomLogged', data: symptom });

function failureOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error instanceof RpcException ? error.getError() : error;
  }
  throw new Error('expected a failure');
}

describe('a symptom decides', () => {
  it('records a logged symptom as given', () => {
    expect(decide({ type: 'Log', symptom }, initialSymptomState)).toEqual([{ type: 'SymptomLogged', schemaVersion: 1, data: symptom }]);
  });

  it("deletes the caller's own symptom", () => {
    expect(decide({ type: 'Delete', userId: 1, now }, logged)).toEqual([{ type: 'SymptomDeleted', schemaVersion: 1, data: { symptomId: 5, userId: 1, deletedAt: now.toISOString() } }]);
  });

  it("answers 404 for a symptom that is missing, another user's, or already deleted", () => {
    const [deleted] = decide({ type: 'Delete', userId: 1, now }, logged) as SymptomEvent[];
    for (const [userId, state] of [[1, initialSymptomState], [2, logged], [1, evolve(logged, deleted)]] as const) {
      expect(failureOf(() => decide({ type: 'Delete', userId, now }, state))).toEqual({ status: 404, message: JournalMessages.symptomNotFound });
    }
  });
});
