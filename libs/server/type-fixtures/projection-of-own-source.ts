// Compiled by libs/server/src/events/projection-types.spec.ts: a projection handling each source's own events compiles.
import { domainEvents, FOODS, JOURNAL } from '@fodmap/contracts';
import { defineProjection } from '../src';

export const names: string[] = [];

export const ownSources = defineProjection({
  name: 'own_sources',
  tables: [],
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      MealCreated: async (_context, { data }) => {
        const name: string = data.name;
        names.push(name);
      },
    },
    [FOODS]: {
      FoodResearchRequested: async (_context, { data }) => {
        const query: string = data.query;
        names.push(query);
      },
    },
  },
  ignores: { [FOODS]: ['FoodCreated', 'FoodResearchCompleted'] },
  orderIndependentAcrossSources: true,
});
