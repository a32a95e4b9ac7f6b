import { domainEvents, mealFoodEntry } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

export const JOURNAL = 'journal';

/**
 * The person's journal as the insights read it: `meals`, `meal_foods` (each entry rated at the amount eaten, with the
 * food as it was then) and `symptoms`. Every write is keyed by the entity's id (an upsert or a delete), so applying an
 * event again, or replaying a dead letter after later events, gives the same rows. One statement per event: a rebuild
 * replays tens of thousands of them.
 */
export const journalHistoryProjection = defineProjection({
  name: 'journal_history',
  tables: ['meals', 'meal_foods', 'symptoms'],
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      MealCreated: async ({ manager, tables }, { data: meal }) => {
        await manager.query(
          `INSERT INTO ${tables.meals} (meal_id, user_id, eaten_at, meal_type) VALUES ($1, $2, $3, $4)
           ON CONFLICT (meal_id) DO UPDATE SET user_id = EXCLUDED.user_id, eaten_at = EXCLUDED.eaten_at, meal_type = EXCLUDED.meal_type`,
          [meal.mealId, meal.userId, meal.timestamp, meal.mealType],
        );
      },
      MealFoodAdded: async ({ manager, tables }, { data: entry }) => {
        const { ratingAtQuantity } = mealFoodEntry({ id: entry.entryId, quantity: entry.quantity, servingUnit: entry.servingUnit, grams: entry.grams, food: entry.food });
        await manager.query(
          `INSERT INTO ${tables.meal_foods} (entry_id, meal_id, user_id, food_id, quantity, serving_unit, grams, rating, snapshot)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (entry_id) DO UPDATE SET meal_id = EXCLUDED.meal_id, user_id = EXCLUDED.user_id, food_id = EXCLUDED.food_id,
             quantity = EXCLUDED.quantity, serving_unit = EXCLUDED.serving_unit, grams = EXCLUDED.grams, rating = EXCLUDED.rating, snapshot = EXCLUDED.snapshot`,
          [entry.entryId, entry.mealId, entry.userId, entry.food.id, entry.quantity, entry.servingUnit, entry.grams, ratingAtQuantity, JSON.stringify(entry.food)],
        );
      },
      MealFoodRemoved: async ({ manager, tables }, { data }) => {
        await manager.query(`DELETE FROM ${tables.meal_foods} WHERE entry_id = $1`, [data.entryId]);
      },
      // The meal and its foods go; its symptoms stay, unlinked, as the journal reads them: they happened whatever the meal was.
      MealDeleted: async ({ manager, tables }, { data }) => {
        await manager.query(
          `WITH foods AS (DELETE FROM ${tables.meal_foods} WHERE meal_id = $1),
                unlinked AS (UPDATE ${tables.symptoms} SET meal_id = NULL WHERE meal_id = $1)
           DELETE FROM ${tables.meals} WHERE meal_id = $1`,
          [data.mealId],
        );
      },
      SymptomLogged: async ({ manager, tables }, { data: symptom }) => {
        await manager.query(
          `INSERT INTO ${tables.symptoms} (symptom_id, user_id, meal_id, symptom_type, severity, felt_at) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (symptom_id) DO UPDATE SET user_id = EXCLUDED.user_id, meal_id = EXCLUDED.meal_id, symptom_type = EXCLUDED.symptom_type,
             severity = EXCLUDED.severity, felt_at = EXCLUDED.felt_at`,
          [symptom.symptomId, symptom.userId, symptom.mealId, symptom.symptomType, symptom.severity, symptom.timestamp],
        );
      },
      SymptomDeleted: async ({ manager, tables }, { data }) => {
        await manager.query(`DELETE FROM ${tables.symptoms} WHERE symptom_id = $1`, [data.symptomId]);
      },
    },
  },
  // Whether a meal is completed changes nothing the insights read: what was eaten is in its foods.
  ignores: { [JOURNAL]: ['MealCompleted'] },
});
