import { EventTypes, MealCreatedV1 } from '@fodmap/contracts';
import { ProjectionDefinition } from '@fodmap/server';
import { localDay } from './local-day';

/** Meals per user per local day, from the journal's MealCreated events. */
export const dailyMealsProjection: ProjectionDefinition = {
  name: 'daily_meals',
  tables: ['daily_meals'],
  handlers: {
    journal: {
      [EventTypes.MealCreated]: async ({ manager, tables }, event) => {
        if (event.schemaVersion !== 1) throw new Error(`MealCreated v${event.schemaVersion} is not known here`);
        const meal = event.data as MealCreatedV1;
        await manager.query(
          `INSERT INTO ${tables.daily_meals} AS d (user_id, day, meals_count) VALUES ($1, $2, 1)
           ON CONFLICT (user_id, day) DO UPDATE SET meals_count = d.meals_count + 1`,
          [meal.userId, localDay(meal.timestamp, meal.timeZone)],
        );
      },
    },
  },
};
