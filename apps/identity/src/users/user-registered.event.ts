import { domainEvents, NotificationPreferencesChangedV1, UserProfileChangedV1, UserRegisteredV2 } from '@fodmap/contracts';
import { NewEvent, newEvent } from '@fodmap/server';

/** Each user's facts form one stream, begun by UserRegistered. */
export function userStream(userId: number): string {
  return `user-${userId}`;
}

export function userRegistered(data: UserRegisteredV2): NewEvent<UserRegisteredV2> {
  return newEvent(domainEvents, 'UserRegistered', data);
}

/** The person's email choices as they stand after a change, so notifications never mails against them. */
export function notificationPreferencesChanged(data: NotificationPreferencesChangedV1): NewEvent<NotificationPreferencesChangedV1> {
  return newEvent(domainEvents, 'NotificationPreferencesChanged', data);
}

/** The person's answers as they stand after a change: notifications schedules the daily summary in their zone. */
export function userProfileChanged(data: UserProfileChangedV1): NewEvent<UserProfileChangedV1> {
  return newEvent(domainEvents, 'UserProfileChanged', data);
}
