import { domainEvents, IDENTITY, UserRegisteredV2 } from '@fodmap/contracts';
import { newEvent } from '@fodmap/server';

/** Each user's facts form one stream, begun by UserRegistered. */
export function userStream(userId: number): string {
  return `user-${userId}`;
}

export function userRegistered(data: UserRegisteredV2) {
  return newEvent(domainEvents[IDENTITY], 'UserRegistered', data);
}
