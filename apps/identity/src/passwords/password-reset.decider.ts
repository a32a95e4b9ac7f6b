import { domainEvents, IDENTITY, IdentityEvent, PasswordResetRequestedV2 } from '@fodmap/contracts';
import { Decider, newEvent, NewEvent } from '@fodmap/server';

/** Each reset request is a stream of its own, named by its id, so requests never contend for a version. */
export function passwordResetStream(resetId: string): string {
  return `password-reset-${resetId}`;
}

export type PasswordResetState = { status: 'absent' } | { status: 'requested'; reset: PasswordResetRequestedV2 };

export interface RequestPasswordReset {
  type: 'Request';
  reset: PasswordResetRequestedV2;
}

/** Names the reset, never its token or link: the sender asks for the link when it sends (identity.password.reset-link). */
function decide({ reset }: RequestPasswordReset, state: PasswordResetState): Array<NewEvent<Extract<IdentityEvent, { type: 'PasswordResetRequested' }>>> {
  if (state.status !== 'absent') throw new Error(`${passwordResetStream(reset.resetId)} was requested already`);
  return [newEvent(domainEvents[IDENTITY], 'PasswordResetRequested', reset)];
}

function evolve(state: PasswordResetState, event: IdentityEvent): PasswordResetState {
  return event.type === 'PasswordResetRequested' ? { status: 'requested', reset: event.data } : state;
}

export const passwordResetDecider: Decider<PasswordResetState, RequestPasswordReset, IdentityEvent> = { initialState: () => ({ status: 'absent' }), decide, evolve };
