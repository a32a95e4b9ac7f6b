import { JournalMessages, SymptomLoggedV1 } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { RpcException } from '@nestjs/microservices';
import { decide, evolve, initialSymptomState, SymptomChanges, SymptomCommand, SymptomState } from './symptom.aggregate';

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
    expect(decide({ type: 'Log', symptom, now }, initialSymptomState)).toEqual([{ type: 'SymptomLogged', schemaVersion: 1, data: symptom }]);
  });

  it("deletes the caller's own symptom", () => {
    expect(decide({ type: 'Delete', userId: 1, now }, logged)).toEqual([{ type: 'SymptomDeleted', schemaVersion: 1, data: { symptomId: 5, userId: 1, deletedAt: now.toISOString() } }]);
  });

  it("answers 404 for a symptom that is missing, another user's, or already deleted", () => {
    const [deleted] = decide({ type: 'Delete', userId: 1, now }, logged);
    for (const [userId, state] of [[1, initialSymptomState], [2, logged], [1, evolve(logged, deleted)]] as const) {
      expect(failureOf(() => decide({ type: 'Delete', userId, now }, state))).toEqual({ status: 404, message: JournalMessages.symptomNotFound });
    }
  });

  it('refuses a symptom logged more than the clock skew ahead', () => {
    const ahead = { ...symptom, timestamp: '2026-03-10T13:01:01.000Z' };
    expect(failureOf(() => decide({ type: 'Log', symptom: ahead, now }, initialSymptomState))).toEqual({ status: 400, message: JournalMessages.symptomTimestampInvalid });
  });
});

describe('a symptom corrected (issue 18)', () => {
  const change = (changes: SymptomChanges, { userId = 1, linkedMealId = null as number | null } = {}): SymptomCommand => ({ type: 'Change', userId, changes, linkedMealId, timeZone: 'Europe/London', now });
  const fold = (state: SymptomState, command: SymptomCommand) => decide(command, state).reduce(evolve, state);

  it('records the whole symptom as it now stands and names what changed', () => {
    expect(decide(change({ severity: 'severe', timestamp: '2026-03-10T11:05:00.000Z', mealId: 9 }), logged)).toEqual([
      {
        type: 'SymptomChanged',
        schemaVersion: 1,
        data: {
          ...symptom,
          severity: 'severe',
          timestamp: '2026-03-10T11:05:00.000Z',
          mealId: 9,
          timeZone: 'Europe/London',
          changed: ['severity', 'mealId', 'timestamp'],
          changedAt: now.toISOString(),
        },
      },
    ]);
    expect(fold(logged, change({ symptomType: 'gas', notes: 'after coffee' }))).toEqual({ status: 'logged', symptom: { ...symptom, symptomType: 'gas', notes: 'after coffee', timeZone: 'Europe/London' } });
  });

  it('records nothing for a correction that changes nothing; null clears notes and unlinks the meal', () => {
    const linked = fold(logged, change({ mealId: 9, notes: 'x' }));

    expect(decide(change({ severity: 'moderate', mealId: 9, notes: 'x' }, { linkedMealId: 9 }), linked)).toEqual([]);
    expect(decide(change({ mealId: null, notes: null }, { linkedMealId: 9 }), linked)).toMatchObject([{ data: { mealId: null, notes: null, changed: ['notes', 'mealId'] } }]);
  });

  it('keeps a meal deleted since unlinked: the link it carries on is the one the journal reads now', () => {
    const linked = fold(logged, change({ mealId: 9 }));

    expect(decide(change({ severity: 'mild' }, { linkedMealId: null }), linked)).toMatchObject([{ data: { mealId: null, changed: ['severity'] } }]);
  });

  it("refuses a future time (400), and another person's, a missing or a deleted symptom (404)", () => {
    expect(failureOf(() => decide(change({ timestamp: '2026-03-10T14:00:00.000Z' }), logged))).toEqual({ status: 400, message: JournalMessages.symptomTimestampInvalid });
    const [deleted] = decide({ type: 'Delete', userId: 1, now }, logged);
    for (const [userId, state] of [[1, initialSymptomState], [2, logged], [1, evolve(logged, deleted)]] as const) {
      expect(failureOf(() => decide(change({ severity: 'mild' }, { userId }), state))).toEqual({ status: 404, message: JournalMessages.symptomNotFound });
    }
  });
});
