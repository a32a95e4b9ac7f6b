import { domainEvents, localDay } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

/** Meals per user per local day, from the journal's MealCreated events. */
export const dailyMealsProjection = defineProjection({
  name: 'daily_meals',
  tables: ['daily_meals'],
  events: domainEvents,
  handlers: {
    journal: {
      MealCreated: async ({ manager, tables }, { data: meal }) => {
        await manager.query(
          `INSERT INTO ${tables.daily_meals} AS d (user_id, day, meals_count) VALUES ($1, $2, 1)
           ON CONFLICT (user_id, day) DO UPDATE SET meals_count = d.meals_count + 1`,
          [meal.userId, localDay(meal.timestamp, meal.timeZone)],
        );
      },
    },
  },
});
