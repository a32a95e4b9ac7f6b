import { domainEvents, JOURNAL, MealCreatedV1, MealFoodAddedV1, mealFoodEntry, SymptomLoggedV1 } from '@fodmap/contracts';
import { defineProjection, KeyedWrites, StoredEvent } from '@fodmap/server';

/** The person's rows changed with this event: their version (the event's position) keys the cached analyses. */
const touched = (rows: KeyedWrites, { position, data }: StoredEvent<{ type: string; data: { userId: number } }>) => rows.upsert('user_versions', { user_id: data.userId, position });

/** A meal's whole row, from its creation or a correction (both carry every field the row holds). */
const mealRow = (meal: Pick<MealCreatedV1, 'mealId' | 'userId' | 'timestamp' | 'mealType'>) => ({ meal_id: meal.mealId, user_id: meal.userId, eaten_at: meal.timestamp, meal_type: meal.mealType });

/** An entry's whole row, rated at the amount eaten, with the food as it was then. */
const mealFoodRow = (entry: MealFoodAddedV1) => ({
  entry_id: entry.entryId,
  meal_id: entry.mealId,
  user_id: entry.userId,
  food_id: entry.food.id,
  quantity: entry.quantity,
  serving_unit: entry.servingUnit,
  grams: entry.grams,
  rating: mealFoodEntry({ id: entry.entryId, quantity: entry.quantity, servingUnit: entry.servingUnit, grams: entry.grams, food: entry.food }).ratingAtQuantity,
  snapshot: entry.food,
});

const symptomRow = (symptom: SymptomLoggedV1) => ({
  symptom_id: symptom.symptomId,
  user_id: symptom.userId,
  meal_id: symptom.mealId,
  symptom_type: symptom.symptomType,
  severity: symptom.severity,
  felt_at: symptom.timestamp,
});

/**
 * The person's journal as the insights read it: `meals`, `meal_foods` (each entry rated at the amount eaten, with the
 * food as it was then) and `symptoms`. Every write is keyed by the entity's id (an upsert of the whole row, or a
 * delete), so applying an event again, or replaying a dead letter after later events, gives the same rows; and a
 * rebuild can fold a thousand events' writes into a few statements (batchedWrites).
 */
export const journalHistoryProjection = defineProjection({
  name: 'journal_history',
  tables: ['meals', 'meal_foods', 'symptoms', 'user_versions'],
  batchedWrites: true,
  keys: { meals: 'meal_id', meal_foods: 'entry_id', symptoms: 'symptom_id', user_versions: 'user_id' },
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      MealCreated: async ({ rows }, event) => {
        await rows.upsert('meals', mealRow(event.data));
        await touched(rows, event);
      },
      // A meal moved in time counts on its new day and in the new windows before symptoms.
      MealChanged: async ({ rows }, event) => {
        await rows.upsert('meals', mealRow(event.data));
        await touched(rows, event);
      },
      MealFoodAdded: async ({ rows }, event) => {
        await rows.upsert('meal_foods', mealFoodRow(event.data));
        await touched(rows, event);
      },
      // The whole entry again, rated at the amount now said to be eaten.
      MealFoodChanged: async ({ rows }, event) => {
        await rows.upsert('meal_foods', mealFoodRow(event.data));
        await touched(rows, event);
      },
      MealFoodRemoved: async ({ rows }, event) => {
        await rows.delete('meal_foods', 'entry_id', event.data.entryId);
        await touched(rows, event);
      },
      // The meal and its foods go; its symptoms stay, unlinked, as the journal reads them: they happened whatever the meal was.
      MealDeleted: async ({ rows }, event) => {
        const { mealId } = event.data;
        await rows.delete('meal_foods', 'meal_id', mealId);
        await rows.update('symptoms', { meal_id: null }, 'meal_id', mealId);
        await rows.delete('meals', 'meal_id', mealId);
        await touched(rows, event);
      },
      SymptomLogged: async ({ rows }, event) => {
        await rows.upsert('symptoms', symptomRow(event.data));
        await touched(rows, event);
      },
      SymptomChanged: async ({ rows }, event) => {
        await rows.upsert('symptoms', symptomRow(event.data));
        await touched(rows, event);
      },
      SymptomDeleted: async ({ rows }, event) => {
        await rows.delete('symptoms', 'symptom_id', event.data.symptomId);
        await touched(rows, event);
      },
    },
  },
  // Whether a meal is completed changes nothing the insights read: what was eaten is in its foods.
  ignores: { [JOURNAL]: ['MealCompleted'] },
});
