import { domainEvents, mealFoodEntry } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

export const JOURNAL = 'journal';

/**
 * The person's journal as the insights read it: `meals`, `meal_foods` (each entry rated at the amount eaten, with the
 * food as it was then) and `symptoms`. Every write is keyed by the entity's id (an upsert of the whole row, or a
 * delete), so applying an event again, or replaying a dead letter after later events, gives the same rows; and a
 * rebuild can fold a thousand events' writes into a few statements (batchedWrites).
 */
export const journalHistoryProjection = defineProjection({
  name: 'journal_history',
  tables: ['meals', 'meal_foods', 'symptoms'],
  batchedWrites: true,
  keys: { meals: 'meal_id', meal_foods: 'entry_id', symptoms: 'symptom_id' },
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      MealCreated: ({ rows }, { data: meal }) =>
        rows.upsert('meals', { meal_id: meal.mealId, user_id: meal.userId, eaten_at: meal.timestamp, meal_type: meal.mealType }),
      MealFoodAdded: ({ rows }, { data: entry }) =>
        rows.upsert('meal_foods', {
          entry_id: entry.entryId,
          meal_id: entry.mealId,
          user_id: entry.userId,
          food_id: entry.food.id,
          quantity: entry.quantity,
          serving_unit: entry.servingUnit,
          grams: entry.grams,
          rating: mealFoodEntry({ id: entry.entryId, quantity: entry.quantity, servingUnit: entry.servingUnit, grams: entry.grams, food: entry.food }).ratingAtQuantity,
          snapshot: entry.food,
        }),
      MealFoodRemoved: ({ rows }, { data }) => rows.delete('meal_foods', 'entry_id', data.entryId),
      // The meal and its foods go; its symptoms stay, unlinked, as the journal reads them: they happened whatever the meal was.
      MealDeleted: async ({ rows }, { data }) => {
        await rows.delete('meal_foods', 'meal_id', data.mealId);
        await rows.update('symptoms', { meal_id: null }, 'meal_id', data.mealId);
        await rows.delete('meals', 'meal_id', data.mealId);
      },
      SymptomLogged: ({ rows }, { data: symptom }) =>
        rows.upsert('symptoms', {
          symptom_id: symptom.symptomId,
          user_id: symptom.userId,
          meal_id: symptom.mealId,
          symptom_type: symptom.symptomType,
          severity: symptom.severity,
          felt_at: symptom.timestamp,
        }),
      SymptomDeleted: ({ rows }, { data }) => rows.delete('symptoms', 'symptom_id', data.symptomId),
    },
  },
  // Whether a meal is completed changes nothing the insights read: what was eaten is in its foods.
  ignores: { [JOURNAL]: ['MealCompleted'] },
});
