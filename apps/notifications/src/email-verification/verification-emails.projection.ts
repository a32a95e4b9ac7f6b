import { domainEvents, IDENTITY } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';
import { enqueueEmail } from '../email/email-sender';

export const VERIFICATION_EMAIL = 'email-verification';

/**
 * Enqueues the confirmation email of every EmailVerificationRequested of identity (at registration and on resend),
 * once per event, branded by the host the person signed up on; EmailSender asks identity for the link as it sends.
 * Like the reset email, it goes to an address not yet proven: that is its purpose.
 */
export const verificationEmails = defineProjection({
  name: 'verification_emails',
  tables: [],
  events: domainEvents,
  handlers: {
    [IDENTITY]: {
      EmailVerificationRequested: async ({ jobs }, { eventId, data, metadata }) => {
        await enqueueEmail(jobs, {
          eventId,
          emailType: VERIFICATION_EMAIL,
          userId: data.userId,
          to: data.email,
          template: 'email-verification',
          context: { firstName: data.firstName, verificationId: data.verificationId, host: data.host },
          correlationId: metadata.correlationId,
        });
      },
    },
  },
  ignores: {
    [IDENTITY]: ['UserRegistered', 'NotificationPreferencesChanged', 'UserProfileChanged', 'PasswordResetRequested', 'SubscriptionChanged', 'AdminUserChanged', 'AdminUserRemoved', 'EmailVerified', 'AccountErased'],
  },
});
