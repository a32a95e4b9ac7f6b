import { domainEvents, IDENTITY, IdentityEvent } from '@fodmap/contracts';
import { Decider, newEvent } from '@fodmap/server';

/** One stream per erased account, whose only event announces the erasure to every service (and outlives the person). */
export function accountErasureStream(userId: number): string {
  return `account-erasure-${userId}`;
}

/** Erased once: a second erasure decides nothing, and answers as the first did. */
export const accountErasureDecider: Decider<boolean, { userId: number; at: Date }, IdentityEvent> = {
  initialState: () => false,
  decide: ({ userId, at }, erased) => (erased ? [] : [newEvent(domainEvents[IDENTITY], 'AccountErased', { erasedUserId: userId, erasedAt: at.toISOString() })]),
  evolve: () => true,
};
