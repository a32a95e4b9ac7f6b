import { domainEvents, IDENTITY } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';
import { enqueueEmail } from '../email/email-sender';

export const PASSWORD_RESET_EMAIL = 'password-reset';

/**
 * Enqueues the reset email of every PasswordResetRequested of identity, once per event; EmailSender sends it after
 * the commit, asking identity for the link then. It owns no tables: the job queue and sent_emails record what leaves
 * the building.
 */
export const passwordResetEmails = defineProjection({
  name: 'password_reset_emails',
  tables: [],
  events: domainEvents,
  handlers: {
    [IDENTITY]: {
      PasswordResetRequested: async ({ jobs }, { eventId, data, metadata }) => {
        await enqueueEmail(jobs, {
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
  // AccountErased: notifications_erasure deletes the person's waiting reset emails (their jobs).
  ignores: {
    [IDENTITY]: ['UserRegistered', 'NotificationPreferencesChanged', 'UserProfileChanged', 'SubscriptionChanged', 'AdminUserChanged', 'AdminUserRemoved', 'EmailVerificationRequested', 'EmailVerified', 'AccountErased'],
  },
});
