import { AI_SEARCH, domainEvents, FOODS, foodResearchRequestedV1 } from '@fodmap/contracts';
import { defineJob, defineProjection } from '@fodmap/server';

/**
 * A background food search, worked off after commit: as many runs as AI_SEARCH.backgroundAttempts allows the model,
 * retried with graphile-worker's backoff (e, e² seconds) when one times out or fails (ResearchService.work decides).
 */
export const foodResearchJob = defineJob({ name: 'food-research', payload: foodResearchRequestedV1, maxAttempts: AI_SEARCH.backgroundAttempts });

/**
 * Turns each FoodResearchRequested of foods' own stream into a food-research job, in the consumer's transaction: the
 * model is asked after that commits, never inside it. It owns no tables: the food and FoodResearchCompleted are
 * written by ResearchService when the job runs.
 */
export const foodResearchRequests = defineProjection({
  name: 'food_research',
  tables: [],
  events: domainEvents,
  handlers: {
    [FOODS]: {
      FoodResearchRequested: async ({ jobs }, { data }) => {
        await jobs.enqueue(foodResearchJob, data, { key: `food-research:${data.researchId}` });
      },
    },
  },
  ignores: { [FOODS]: ['FoodCreated', 'FoodResearchCompleted'] },
});
