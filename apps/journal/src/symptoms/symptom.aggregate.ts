import { domainEvents, JournalMessages, SymptomDeletedV1, SymptomLoggedV1 } from '@fodmap/contracts';
import { newEvent, NewEvent, rpcFailure, StoredEvent } from '@fodmap/server';

/** A symptom's events, as its stream `symptom-<id>` holds them. */
export type SymptomEvent = { type: 'SymptomLogged'; data: SymptomLoggedV1 } | { type: 'SymptomDeleted'; data: SymptomDeletedV1 };

export type SymptomState = { status: 'absent' } | { status: 'logged' | 'deleted'; symptom: SymptomLoggedV1 };

export const initialSymptomState: SymptomState = { status: 'absent' };

export function evolve(state: SymptomState, event: SymptomEvent): SymptomState {
  if (event.type === 'SymptomLogged') return { status: 'logged', symptom: event.data };
  return state.status === 'absent' ? state : { ...state, status: 'deleted' };
}

export function symptomStateOf(events: readonly StoredEvent[]): SymptomState {
  return events.reduce((state, event) => evolve(state, event as SymptomEvent), initialSymptomState);
}

export type SymptomCommand = { type: 'Log'; symptom: SymptomLoggedV1 } | { type: 'Delete'; userId: number; now: Date };

/** What a command on a symptom records; another user's symptom, like a missing or deleted one, is a 404. */
export function decide(command: SymptomCommand, state: SymptomState): NewEvent[] {
  switch (command.type) {
    case 'Log':
      if (state.status !== 'absent') throw new Error(`symptom-${command.symptom.symptomId} was logged already`);
      return [newEvent(domainEvents, 'SymptomLogged', command.symptom)];
    case 'Delete':
      if (state.status !== 'logged' || state.symptom.userId !== command.userId) throw rpcFailure(404, JournalMessages.symptomNotFound);
      return [newEvent(domainEvents, 'SymptomDeleted', { symptomId: state.symptom.symptomId, userId: command.userId, deletedAt: command.now.toISOString() })];
  }
}
