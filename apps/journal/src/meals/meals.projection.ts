import { domainEvents } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

export const JOURNAL = 'journal';

/** The `meals` read table: updated in the append's transaction, so the journal reads its own writes. */
export const mealsProjection = defineProjection({
  name: 'meals',
  tables: ['meals'],
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      MealCreated: async ({ manager, tables }, { data: meal }) => {
        await manager.query(
          `INSERT INTO ${tables.meals} (id, user_id, name, meal_type, "timestamp", completed, notes) VALUES ($1, $2, $3, $4, $5, false, $6)`,
          [meal.mealId, meal.userId, meal.name, meal.mealType, meal.timestamp, meal.notes],
        );
      },
    },
  },
});
