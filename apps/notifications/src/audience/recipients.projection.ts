import { canonicalTimeZone, DAILY_SUMMARY_DEFAULT_TIME_ZONE, domainEvents, IDENTITY } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

/** A zone the emails can be scheduled in: the canonical name, or the spec's '8:00 AM EST' zone when it is unknown. */
export const summaryZoneOf = (timeZone: string): string => canonicalTimeZone(timeZone) ?? DAILY_SUMMARY_DEFAULT_TIME_ZONE;

/**
 * Who the emails go to (`recipients`): address, first name, their zone (the browser's at sign-up, then the one they
 * confirm or change: UserProfileChanged), the host whose brand they get, and their two email preferences (spec §3:
 * daily summary on, meal emails off, until NotificationPreferencesChanged says otherwise). The daily summary goes at
 * 08:00 in that zone, which is the zone Profile names and the one every service's caller carries (issue 18); it used
 * to be the zone of the newest journal event, which lagged a corrected zone until the next meal. Whether their address
 * is proven (EmailVerified, issue 20): no email but the confirmation and resets goes to one that is not. Keyed writes only,
 * so a rebuild folds its batches.
 */
export const recipientsProjection = defineProjection({
  name: 'recipients',
  tables: ['recipients'],
  batchedWrites: true,
  keys: { recipients: 'user_id' },
  events: domainEvents,
  handlers: {
    [IDENTITY]: {
      UserRegistered: async ({ rows }, { data }) => {
        await rows.upsert('recipients', {
          user_id: data.userId,
          email: data.email,
          first_name: data.firstName,
          time_zone: summaryZoneOf(data.timeZone),
          host: data.host,
          email_notifications: true,
          meal_notifications: false,
          email_verified: false,
        });
      },
      EmailVerified: async ({ rows }, { data }) => {
        await rows.update('recipients', { email_verified: true }, 'user_id', data.userId);
      },
      NotificationPreferencesChanged: async ({ rows }, { data }) => {
        await rows.update('recipients', { email_notifications: data.emailNotifications, meal_notifications: data.mealNotifications }, 'user_id', data.userId);
      },
      UserProfileChanged: async ({ rows }, { data }) => {
        await rows.update('recipients', { time_zone: summaryZoneOf(data.timeZone) }, 'user_id', data.userId);
      },
    },
  },
  // AccountErased: notifications_erasure deletes the row (and the person's events leave the stream).
  ignores: { [IDENTITY]: ['PasswordResetRequested', 'SubscriptionChanged', 'AdminUserChanged', 'AdminUserRemoved', 'EmailVerificationRequested', 'AccountErased'] },
});
