import { domainEvents, FOODS } from '@fodmap/contracts';
import { defineProjection, Projection } from '@fodmap/server';
import { ResearchService } from './research.service';

/**
 * The background food searches, worked off from foods' own FoodResearchRequested events. It owns no tables: the food
 * and the FoodResearchCompleted event are written by ResearchService. Built from the service, which the consumer and
 * the dead-letters command each get from Nest.
 */
export function foodResearchProjection(research: Pick<ResearchService, 'work'>): Projection {
  return defineProjection({
    name: 'food_research',
    tables: [],
    events: domainEvents,
    handlers: { [FOODS]: { FoodResearchRequested: async (_context, { data }) => research.work(data) } },
    ignores: { [FOODS]: ['FoodCreated', 'FoodResearchCompleted'] },
  });
}
