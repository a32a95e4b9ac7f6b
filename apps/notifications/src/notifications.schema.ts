import { deleteRowsOf, durableName, projectionEntities } from '@fodmap/server';
import { EntityManager } from 'typeorm';
import { AccountErasure1769300000000 } from './migrations/1769300000000-account-erasure';
import { SentEmailEntity } from './email/sent-email.entity';
import { NotificationsSchema1763780000000 } from './migrations/1763780000000-notifications-schema';
import { EmailOutbox1767400000000 } from './migrations/1767400000000-email-outbox';
import { AdvertisersAndLinks1767500000000 } from './migrations/1767500000000-advertisers-and-links';
import { Audience1767600000000 } from './migrations/1767600000000-audience';
import { RecipientZone1768300000000 } from './migrations/1768300000000-recipient-zone';
import { JobQueue1769000000000 } from './migrations/1769000000000-job-queue';
import { SentEmailSubject1770100000000 } from './migrations/1770100000000-sent-email-subject';
import { EmailCaps1770200000000 } from './migrations/1770200000000-email-caps';
import { ProvenAddresses1769100000000 } from './migrations/1769100000000-proven-addresses';
import { journalDigestProjection } from './audience/journal-digest.projection';
import { recipientsProjection } from './audience/recipients.projection';
import { foodResearchEmails } from './food-research/food-research-emails.projection';
import { passwordResetEmails } from './password-reset/password-reset-emails.projection';
import { verificationEmails } from './email-verification/verification-emails.projection';

const eraseNotificationRows = deleteRowsOf({
  recipients: 'user_id',
  digest_meals: 'user_id',
  digest_meal_foods: 'user_id',
  digest_symptoms: 'user_id',
  daily_summary_claims: 'user_id',
  symptom_link_uses: 'user_id',
});

/** What the notifications schema holds: shared by the service and its dead-letters and jobs commands. */
export const notificationsSchema = {
  service: 'notifications',
  entities: [SentEmailEntity, ...projectionEntities],
  migrations: [NotificationsSchema1763780000000, EmailOutbox1767400000000, AdvertisersAndLinks1767500000000, Audience1767600000000, RecipientZone1768300000000, JobQueue1769000000000, ProvenAddresses1769100000000, AccountErasure1769300000000, SentEmailSubject1770100000000, EmailCaps1770200000000],
  consumer: [passwordResetEmails, verificationEmails, recipientsProjection, journalDigestProjection, foodResearchEmails],
  /** meal_emails' consumer, whose meal email journal_digest now enqueues (issue 19). */
  retiredDurables: [durableName('meal_emails', 'journal')],
  /**
   * What an erasure deletes besides the person's dead letters and jobs (issue 20): who they are, their copy of the
   * journal, their summary claims, link uses, email caps and skipped emails. Their sent emails still count in the statistics, naming no one.
   */
  erasure: async (manager: EntityManager, userId: number) => {
    await manager.query(
      `UPDATE notifications.sent_emails SET recipient = NULL, user_id = NULL
       WHERE user_id = $1 OR recipient = (SELECT email FROM notifications.recipients WHERE user_id = $1)`,
      [userId],
    );
    // The daily email caps name the address and the person; the skipped emails too (issue 20 §1).
    await manager.query(
      `DELETE FROM notifications.email_allowances
       WHERE counter LIKE '%:user:' || ($1::int)::text OR counter = 'address:' || lower((SELECT email FROM notifications.recipients WHERE user_id = $1::int))`,
      [userId],
    );
    await manager.query(
      `DELETE FROM notifications.skipped_emails WHERE user_id = $1 OR recipient = (SELECT email FROM notifications.recipients WHERE user_id = $1)`,
      [userId],
    );
    await eraseNotificationRows(manager, userId);
  },
};
