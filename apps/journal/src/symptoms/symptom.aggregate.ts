import { CLOCK_SKEW_MS, domainEvents, JOURNAL, JournalEvent, JournalMessages, Severity, SymptomLoggedV1, SymptomType } from '@fodmap/contracts';
import { Decider, newEvent, NewEvent, rpcFailure } from '@fodmap/server';

/** A symptom's events, as its stream `symptom-<id>` holds them. */
export type SymptomEvent = Extract<JournalEvent, { type: `Symptom${string}` }>;

const journalEvents = domainEvents[JOURNAL];

export type SymptomState = { status: 'absent' } | { status: 'logged' | 'deleted'; symptom: SymptomLoggedV1 };

export const initialSymptomState: SymptomState = { status: 'absent' };

/** Folds one event of the symptom's stream; the journal's other events are not the symptom's and leave it as it is. */
export function evolve(state: SymptomState, event: JournalEvent): SymptomState {
  if (event.type === 'SymptomLogged') return { status: 'logged', symptom: event.data };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'SymptomChanged': {
      const { symptomId, userId, symptomType, severity, notes, mealId, timestamp, timeZone } = event.data;
      return { ...state, symptom: { symptomId, userId, symptomType, severity, notes, mealId, timestamp, timeZone } };
    }
    case 'SymptomDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

/** The fields of a symptom a correction may change; those left out stay, `notes: null` clears, `mealId: null` unlinks. */
export interface SymptomChanges {
  symptomType?: SymptomType;
  severity?: Severity;
  notes?: string | null;
  mealId?: number | null;
  timestamp?: string;
}

export type SymptomCommand =
  | { type: 'Log'; symptom: SymptomLoggedV1; now: Date }
  /**
   * `linkedMealId` is the meal the symptom is linked to now: its stream keeps the meal it was linked to, but a meal
   * deleted since unlinked it (the read tables say so), and a correction must not link it again.
   */
  | { type: 'Change'; userId: number; changes: SymptomChanges; linkedMealId: number | null; timeZone: string; now: Date }
  | { type: 'Delete'; userId: number; now: Date };

/** A symptom began at a past time: one ahead of the server's clock by more than a phone's clock may run is a mistake. */
function assertFelt(timestamp: string, now: Date): void {
  if (Date.parse(timestamp) > now.getTime() + CLOCK_SKEW_MS) throw rpcFailure(400, JournalMessages.symptomTimestampInvalid);
}

const CHANGEABLE = ['symptomType', 'severity', 'notes', 'mealId', 'timestamp'] as const;

/** What a command on a symptom records; another user's symptom, like a missing or deleted one, is a 404. */
export function decide(command: SymptomCommand, state: SymptomState): Array<NewEvent<SymptomEvent>> {
  if (command.type === 'Log') {
    if (state.status !== 'absent') throw new Error(`symptom-${command.symptom.symptomId} was logged already`);
    assertFelt(command.symptom.timestamp, command.now);
    return [newEvent(journalEvents, 'SymptomLogged', command.symptom)];
  }
  if (state.status !== 'logged' || state.symptom.userId !== command.userId) throw rpcFailure(404, JournalMessages.symptomNotFound);
  const { symptomId, userId } = state.symptom;
  switch (command.type) {
    case 'Change': {
      const { changes } = command;
      if (changes.timestamp !== undefined) assertFelt(changes.timestamp, command.now);
      const before = { ...state.symptom, mealId: command.linkedMealId };
      const next = {
        symptomType: changes.symptomType ?? before.symptomType,
        severity: changes.severity ?? before.severity,
        notes: changes.notes === undefined ? before.notes : changes.notes,
        mealId: changes.mealId === undefined ? before.mealId : changes.mealId,
        timestamp: changes.timestamp ?? before.timestamp,
      };
      const changed = CHANGEABLE.filter((field) => next[field] !== before[field]);
      // A correction that says what the symptom already says is a retry or a form saved unchanged: nothing happened.
      if (changed.length === 0) return [];
      return [newEvent(journalEvents, 'SymptomChanged', { symptomId, userId, ...next, timeZone: command.timeZone, changed, changedAt: command.now.toISOString() })];
    }
    case 'Delete':
      return [newEvent(journalEvents, 'SymptomDeleted', { symptomId, userId, deletedAt: command.now.toISOString() })];
  }
}

export const symptomDecider: Decider<SymptomState, SymptomCommand, JournalEvent> = { initialState: () => initialSymptomState, decide, evolve };
