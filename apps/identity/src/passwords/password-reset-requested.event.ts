import { domainEvents, IDENTITY, PasswordResetRequestedV2 } from '@fodmap/contracts';
import { newEvent } from '@fodmap/server';

/** Each reset request is a stream of its own, named by its id, so requests never contend for a version. */
export function passwordResetStream(resetId: string): string {
  return `password-reset-${resetId}`;
}

/** Names the reset, never its token or link: the sender asks for the link when it sends (identity.password.reset-link). */
export function passwordResetRequested(data: PasswordResetRequestedV2) {
  return newEvent(domainEvents[IDENTITY], 'PasswordResetRequested', data);
}
