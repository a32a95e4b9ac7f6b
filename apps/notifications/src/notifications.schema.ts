import { durableName, projectionEntities } from '@fodmap/server';
import { SentEmailEntity } from './email/sent-email.entity';
import { NotificationsSchema1763780000000 } from './migrations/1763780000000-notifications-schema';
import { EmailOutbox1767400000000 } from './migrations/1767400000000-email-outbox';
import { AdvertisersAndLinks1767500000000 } from './migrations/1767500000000-advertisers-and-links';
import { Audience1767600000000 } from './migrations/1767600000000-audience';
import { RecipientZone1768300000000 } from './migrations/1768300000000-recipient-zone';
import { JobQueue1769000000000 } from './migrations/1769000000000-job-queue';
import { ProvenAddresses1769100000000 } from './migrations/1769100000000-proven-addresses';
import { journalDigestProjection } from './audience/journal-digest.projection';
import { recipientsProjection } from './audience/recipients.projection';
import { foodResearchEmails } from './food-research/food-research-emails.projection';
import { passwordResetEmails } from './password-reset/password-reset-emails.projection';
import { verificationEmails } from './email-verification/verification-emails.projection';

/** What the notifications schema holds: shared by the service and its dead-letters and jobs commands. */
export const notificationsSchema = {
  service: 'notifications',
  entities: [SentEmailEntity, ...projectionEntities],
  migrations: [NotificationsSchema1763780000000, EmailOutbox1767400000000, AdvertisersAndLinks1767500000000, Audience1767600000000, RecipientZone1768300000000, JobQueue1769000000000, ProvenAddresses1769100000000],
  consumer: [passwordResetEmails, verificationEmails, recipientsProjection, journalDigestProjection, foodResearchEmails],
  /** meal_emails' consumer, whose meal email journal_digest now enqueues (issue 19). */
  retiredDurables: [durableName('meal_emails', 'journal')],
};
