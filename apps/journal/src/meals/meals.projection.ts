import { domainEvents, JOURNAL } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

/**
 * The `meals` and `meal_foods` read tables: updated in the append's transaction, so the journal reads its own writes.
 * A deleted meal's rows go; its events stay the record of it.
 */
export const mealsProjection = defineProjection({
  name: 'meals',
  tables: ['meals', 'meal_foods'],
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      MealCreated: async ({ manager, tables }, { data: meal }) => {
        await manager.query(
          `INSERT INTO ${tables.meals} (id, user_id, name, meal_type, "timestamp", completed, notes) VALUES ($1, $2, $3, $4, $5, false, $6)`,
          [meal.mealId, meal.userId, meal.name, meal.mealType, meal.timestamp, meal.notes],
        );
      },
      MealFoodAdded: async ({ manager, tables }, { data: entry, streamVersion }) => {
        await manager.query(
          `INSERT INTO ${tables.meal_foods} (id, meal_id, user_id, position, quantity, serving_unit, grams, food) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [entry.entryId, entry.mealId, entry.userId, streamVersion, entry.quantity, entry.servingUnit, entry.grams, JSON.stringify(entry.food)],
        );
      },
      MealFoodChanged: async ({ manager, tables }, { data: entry }) => {
        await manager.query(`UPDATE ${tables.meal_foods} SET quantity = $2, serving_unit = $3, grams = $4 WHERE id = $1`, [entry.entryId, entry.quantity, entry.servingUnit, entry.grams]);
      },
      MealFoodRemoved: async ({ manager, tables }, { data }) => {
        await manager.query(`DELETE FROM ${tables.meal_foods} WHERE id = $1`, [data.entryId]);
      },
      MealChanged: async ({ manager, tables }, { data: meal }) => {
        await manager.query(`UPDATE ${tables.meals} SET name = $2, meal_type = $3, "timestamp" = $4, notes = $5 WHERE id = $1`, [meal.mealId, meal.name, meal.mealType, meal.timestamp, meal.notes]);
      },
      MealCompleted: async ({ manager, tables }, { data }) => {
        await manager.query(`UPDATE ${tables.meals} SET completed = true WHERE id = $1`, [data.mealId]);
      },
      MealDeleted: async ({ manager, tables }, { data }) => {
        await manager.query(`DELETE FROM ${tables.meal_foods} WHERE meal_id = $1`, [data.mealId]);
        await manager.query(`DELETE FROM ${tables.meals} WHERE id = $1`, [data.mealId]);
      },
    },
  },
  ignores: { [JOURNAL]: ['SymptomLogged', 'SymptomChanged', 'SymptomDeleted'] },
});
