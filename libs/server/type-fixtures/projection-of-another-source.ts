// Compiled by libs/server/src/events/projection-types.spec.ts: each of these must fail to compile.
import { domainEvents, FOODS, JOURNAL } from '@fodmap/contracts';
import { defineProjection } from '../src';

export const mealOfFoods = defineProjection({
  name: 'meal_of_foods',
  tables: [],
  events: domainEvents,
  handlers: {
    // The journal's event under the foods source.
    [FOODS]: { MealCreated: async () => undefined },
  },
});

export const wrongPayload = defineProjection({
  name: 'wrong_payload',
  tables: [],
  events: domainEvents,
  handlers: {
    // A meal has no query: the handler's payload is the MealCreated data.
    [JOURNAL]: { MealCreated: async (_context, { data }) => void data.query },
  },
});

export const ignoredOfAnotherSource = defineProjection({
  name: 'ignored_of_another_source',
  tables: [],
  events: domainEvents,
  handlers: { [JOURNAL]: { MealCreated: async () => undefined } },
  // The foods source has no SymptomLogged to ignore.
  ignores: { [FOODS]: ['SymptomLogged'] },
});
