import { EventTypes, PasswordResetRequestedV1 } from '@fodmap/contracts';
import { ProjectionDefinition, StoredEvent } from '@fodmap/server';
import { EventEmailSender } from '../email/event-email-sender';

export const PASSWORD_RESET_EMAIL = 'password-reset';

/**
 * Emails the reset link of every PasswordResetRequested of identity, once per event.
 * It owns no rebuildable tables: sent_emails is a record of what left the building, never replayed into fresh tables.
 */
export function passwordResetEmails(sender: EventEmailSender): ProjectionDefinition {
  return {
    name: 'password_reset_emails',
    tables: [],
    handlers: {
      identity: {
        [EventTypes.PasswordResetRequested]: async ({ manager }, event: StoredEvent) => {
          // A later schema version is a new shape this code does not know: failing sends it to the dead letters.
          if (event.schemaVersion !== 1) throw new Error(`Unsupported PasswordResetRequested schema version ${event.schemaVersion}`);
          const request = event.data as PasswordResetRequestedV1;
          await sender.sendOnce(manager, {
            eventId: event.eventId,
            emailType: PASSWORD_RESET_EMAIL,
            userId: request.userId,
            to: request.email,
            template: 'password-reset',
            context: { firstName: request.firstName, resetUrl: request.resetUrl },
          });
        },
      },
    },
  };
}
