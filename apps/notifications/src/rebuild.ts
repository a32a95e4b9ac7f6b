/**
 * Rebuilds one of the notifications projections that own tables from the JetStream event streams into fresh tables,
 * then swaps them in: recipients (identity's events) or journal_digest (the journal's):
 *   node apps/notifications/dist/rebuild.js journal_digest
 * The email consumers (password_reset_emails, meal_emails) are left out: replaying them would record old emails again.
 */
import 'reflect-metadata';
import { runRebuildCommand } from '@fodmap/server';
import { journalDigestProjection } from './audience/journal-digest.projection';
import { recipientsProjection } from './audience/recipients.projection';
import { notificationsSchema } from './notifications.schema';

runRebuildCommand({ ...notificationsSchema, consumer: [recipientsProjection, journalDigestProjection] }, process.argv[2]).then(
  (result) => console.log(JSON.stringify(result)),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
