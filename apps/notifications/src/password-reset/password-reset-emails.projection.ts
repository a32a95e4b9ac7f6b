import { domainEvents, IDENTITY } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';
import { recordEmail } from '../email/email-outbox';

export const PASSWORD_RESET_EMAIL = 'password-reset';

/**
 * Records the reset email of every PasswordResetRequested of identity in the outbox, once per event; EmailOutbox
 * sends it after the commit, asking identity for the link then. It owns no rebuildable tables: the outbox and
 * sent_emails record what leaves the building, never replayed into fresh tables.
 */
export const passwordResetEmails = defineProjection({
  name: 'password_reset_emails',
  tables: [],
  events: domainEvents,
  handlers: {
    [IDENTITY]: {
      PasswordResetRequested: async ({ manager }, { eventId, data, metadata }) => {
        await recordEmail(manager, {
          eventId,
          emailType: PASSWORD_RESET_EMAIL,
          userId: data.userId,
          to: data.email,
          template: 'password-reset',
          context: { firstName: data.firstName, resetId: data.resetId },
          correlationId: metadata.correlationId,
        });
      },
    },
  },
  ignores: { [IDENTITY]: ['UserRegistered', 'NotificationPreferencesChanged', 'UserProfileChanged', 'SubscriptionChanged', 'AdminUserChanged', 'AdminUserRemoved'] },
});
