import { domainEvents, JOURNAL } from '@fodmap/contracts';
import { defineProjection, loadConfig } from '@fodmap/server';
import { EntityManager } from 'typeorm';
import { diaryUrl, findMeal, findRecipient } from '../audience/audience-reader';
import { journalDigestProjection } from '../audience/journal-digest.projection';
import { recordEmail } from '../email/email-outbox';
import { mealEmailContext } from './meal-email-content';
import { mealEmailSponsor } from './meal-email-sponsors';

export const MEAL_EMAIL = 'meal';

/**
 * Thrown while journal_digest (or recipients) has not yet applied what the email needs: the consumer redelivers the
 * event (bounded, with backoff).
 */
export class DigestBehindError extends Error {}

/** Whether journal_digest has applied the journal's events up to `position`. */
async function digestHasApplied(manager: EntityManager, position: number): Promise<boolean> {
  const [checkpoint]: Array<{ position: string }> = await manager.query(
    'SELECT position FROM notifications.projection_checkpoints WHERE projection = $1 AND source = $2',
    [journalDigestProjection.name, JOURNAL],
  );
  return checkpoint !== undefined && Number(checkpoint.position) >= position;
}

/**
 * Records a meal email when a meal is completed and its person has mealNotifications on; the outbox sends it with the
 * symptom links, made at send time. The meal is read from journal_digest, another consumer of the same events: until
 * that has applied this event, the handler throws so the event comes again; once it has, a missing meal was deleted
 * and gets no email. It owns no tables: the outbox records what leaves the building.
 */
export const mealEmails = defineProjection({
  name: 'meal_emails',
  tables: [],
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      MealCompleted: async ({ manager }, { eventId, position, data, metadata }) => {
        if (!(await digestHasApplied(manager, position))) throw new DigestBehindError(`journal_digest has not reached position ${position} yet`);
        const recipient = await findRecipient(manager, data.userId);
        if (!recipient) throw new DigestBehindError(`recipients has not got user ${data.userId} yet`);
        if (!recipient.mealNotifications) return;
        const meal = await findMeal(manager, data.mealId);
        if (!meal) return;
        const sponsor = await mealEmailSponsor(manager.connection);
        await recordEmail(manager, {
          eventId,
          emailType: MEAL_EMAIL,
          userId: recipient.userId,
          to: recipient.email,
          template: 'meal',
          context: { ...mealEmailContext(recipient, meal, diaryUrl(loadConfig().publicUrl), sponsor, 'completed') },
          correlationId: metadata.correlationId,
          advertiserId: sponsor?.advertiserId ?? null,
        });
      },
    },
  },
  ignores: { [JOURNAL]: ['MealCreated', 'MealChanged', 'MealFoodAdded', 'MealFoodChanged', 'MealFoodRemoved', 'MealDeleted', 'SymptomLogged', 'SymptomChanged', 'SymptomDeleted'] },
});
