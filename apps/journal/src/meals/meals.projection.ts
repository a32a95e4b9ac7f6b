import { domainEvents, JOURNAL } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

/**
 * The `meals` and `meal_foods` read tables: updated in the append's transaction, so the journal reads its own writes.
 * A deleted meal's rows go; its events stay the record of it. Keyed writes (batchedWrites): the appends of one group,
 * like a rebuild's batch, are folded into one statement per table.
 */
export const mealsProjection = defineProjection({
  name: 'meals',
  tables: ['meals', 'meal_foods'],
  events: domainEvents,
  batchedWrites: true,
  keys: { meals: 'id', meal_foods: 'id' },
  handlers: {
    [JOURNAL]: {
      MealCreated: async ({ rows }, { data: meal }) => {
        await rows.upsert('meals', { id: meal.mealId, user_id: meal.userId, name: meal.name, meal_type: meal.mealType, timestamp: meal.timestamp, completed: false, notes: meal.notes });
      },
      MealFoodAdded: async ({ rows }, { data: entry, streamVersion }) => {
        await rows.upsert('meal_foods', {
          id: entry.entryId,
          meal_id: entry.mealId,
          user_id: entry.userId,
          position: streamVersion,
          quantity: entry.quantity,
          serving_unit: entry.servingUnit,
          grams: entry.grams,
          food: entry.food,
        });
      },
      MealFoodChanged: async ({ rows }, { data: entry }) => {
        await rows.update('meal_foods', { quantity: entry.quantity, serving_unit: entry.servingUnit, grams: entry.grams }, 'id', entry.entryId);
      },
      MealFoodRemoved: async ({ rows }, { data }) => {
        await rows.delete('meal_foods', 'id', data.entryId);
      },
      MealChanged: async ({ rows }, { data: meal }) => {
        await rows.update('meals', { name: meal.name, meal_type: meal.mealType, timestamp: meal.timestamp, notes: meal.notes }, 'id', meal.mealId);
      },
      MealCompleted: async ({ rows }, { data }) => {
        await rows.update('meals', { completed: true }, 'id', data.mealId);
      },
      MealDeleted: async ({ rows }, { data }) => {
        await rows.delete('meal_foods', 'meal_id', data.mealId);
        await rows.delete('meals', 'id', data.mealId);
      },
    },
  },
  ignores: { [JOURNAL]: ['SymptomLogged', 'SymptomChanged', 'SymptomDeleted'] },
});
