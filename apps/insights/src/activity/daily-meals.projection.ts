import { domainEvents, localDay } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

/** Meals per user per local day, from the journal's MealCreated and MealDeleted events. */
export const dailyMealsProjection = defineProjection({
  name: 'daily_meals',
  tables: ['daily_meals', 'daily_meal_days'],
  events: domainEvents,
  handlers: {
    journal: {
      MealCreated: async ({ manager, tables }, { data: meal }) => {
        const day = localDay(meal.timestamp, meal.timeZone);
        await manager.query(`INSERT INTO ${tables.daily_meal_days} (meal_id, user_id, day) VALUES ($1, $2, $3)`, [meal.mealId, meal.userId, day]);
        await manager.query(
          `INSERT INTO ${tables.daily_meals} AS d (user_id, day, meals_count) VALUES ($1, $2, 1)
           ON CONFLICT (user_id, day) DO UPDATE SET meals_count = d.meals_count + 1`,
          [meal.userId, day],
        );
      },
      MealDeleted: async ({ manager, tables }, { data }) => {
        // A meal counted before daily_meal_days existed has no row there: its day is unknown until a rebuild (see the migration).
        await manager.query(
          `WITH counted AS (DELETE FROM ${tables.daily_meal_days} WHERE meal_id = $1 RETURNING user_id, day)
           UPDATE ${tables.daily_meals} AS d SET meals_count = d.meals_count - 1 FROM counted WHERE d.user_id = counted.user_id AND d.day = counted.day`,
          [data.mealId],
        );
      },
    },
  },
  // What a meal is made of and how it felt are not counted here.
  ignores: { journal: ['MealFoodAdded', 'MealFoodRemoved', 'MealCompleted', 'SymptomLogged', 'SymptomDeleted'] },
});
