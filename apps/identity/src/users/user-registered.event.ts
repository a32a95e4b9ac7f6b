import { domainEvents, UserRegisteredV1 } from '@fodmap/contracts';
import { NewEvent, newEvent } from '@fodmap/server';

/** Each user's facts form one stream, begun by UserRegistered. */
export function userStream(userId: number): string {
  return `user-${userId}`;
}

export function userRegistered(data: UserRegisteredV1): NewEvent<UserRegisteredV1> {
  return newEvent(domainEvents, 'UserRegistered', data);
}
