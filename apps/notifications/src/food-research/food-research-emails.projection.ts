import { domainEvents, FOODS } from '@fodmap/contracts';
import { defineProjection, loadConfig } from '@fodmap/server';
import { findRecipient } from '../audience/audience-reader';
import { enqueueEmail } from '../email/email-sender';

export const BACKGROUND_SEARCH_EMAIL = 'background-search';

/** Thrown while recipients has not yet got the person: the consumer redelivers the event (bounded, with backoff). */
export class RecipientBehindError extends Error {}

/** The app's Food Search with the food filled in: `${publicUrl}/search?q=<name>`. */
export const foodSearchUrl = (publicUrl: string, name: string) => `${publicUrl.replace(/\/+$/, '')}/search?q=${encodeURIComponent(name)}`;

/**
 * Emails the person who asked for a background food search when it ends, found or not (issue 11): the answer to
 * something they asked for, so it goes whatever their email preferences. It owns no tables: the email is a job
 * enqueued in the consumer's transaction.
 */
export const foodResearchEmails = defineProjection({
  name: 'food_research_emails',
  tables: [],
  events: domainEvents,
  handlers: {
    [FOODS]: {
      FoodResearchCompleted: async ({ manager, jobs }, { eventId, data, metadata }) => {
        const recipient = await findRecipient(manager, data.userId);
        if (!recipient) throw new RecipientBehindError(`recipients has not got user ${data.userId} yet`);
        const name = data.foodName ?? data.query;
        await enqueueEmail(jobs, {
          eventId,
          emailType: BACKGROUND_SEARCH_EMAIL,
          userId: recipient.userId,
          to: recipient.email,
          template: 'food-research',
          context: {
            firstName: recipient.firstName,
            host: recipient.host,
            query: data.query,
            foodName: name,
            found: data.status === 'found',
            placeholder: data.status === 'placeholder_created',
            searchUrl: foodSearchUrl(loadConfig().publicUrl, name),
          },
          correlationId: metadata.correlationId,
        });
      },
    },
  },
  ignores: { [FOODS]: ['FoodCreated', 'FoodResearchRequested'] },
});
