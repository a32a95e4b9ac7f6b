import { domainEvents, JOURNAL } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

/**
 * The `symptoms` read table. A deleted meal's symptoms stay, unlinked: they happened whatever the meal was. Keyed
 * writes (batchedWrites): the appends of one group, like a rebuild's batch, are folded into one statement.
 */
export const symptomsProjection = defineProjection({
  name: 'symptoms',
  tables: ['symptoms'],
  events: domainEvents,
  batchedWrites: true,
  keys: { symptoms: 'id' },
  handlers: {
    [JOURNAL]: {
      SymptomLogged: async ({ rows }, { data: symptom }) => {
        await rows.upsert('symptoms', {
          id: symptom.symptomId,
          user_id: symptom.userId,
          meal_id: symptom.mealId,
          symptom_type: symptom.symptomType,
          severity: symptom.severity,
          notes: symptom.notes,
          timestamp: symptom.timestamp,
        });
      },
      SymptomChanged: async ({ rows }, { data: symptom }) => {
        await rows.update(
          'symptoms',
          { meal_id: symptom.mealId, symptom_type: symptom.symptomType, severity: symptom.severity, notes: symptom.notes, timestamp: symptom.timestamp },
          'id',
          symptom.symptomId,
        );
      },
      SymptomDeleted: async ({ rows }, { data }) => {
        await rows.delete('symptoms', 'id', data.symptomId);
      },
      MealDeleted: async ({ rows }, { data }) => {
        await rows.update('symptoms', { meal_id: null }, 'meal_id', data.mealId);
      },
    },
  },
  ignores: { [JOURNAL]: ['MealCreated', 'MealChanged', 'MealFoodAdded', 'MealFoodChanged', 'MealFoodRemoved', 'MealCompleted'] },
});
