import { domainEvents, JOURNAL } from '@fodmap/contracts';
import { defineProjection } from '@fodmap/server';

/** The `symptoms` read table. A deleted meal's symptoms stay, unlinked: they happened whatever the meal was. */
export const symptomsProjection = defineProjection({
  name: 'symptoms',
  tables: ['symptoms'],
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      SymptomLogged: async ({ manager, tables }, { data: symptom }) => {
        await manager.query(
          `INSERT INTO ${tables.symptoms} (id, user_id, meal_id, symptom_type, severity, notes, "timestamp") VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [symptom.symptomId, symptom.userId, symptom.mealId, symptom.symptomType, symptom.severity, symptom.notes, symptom.timestamp],
        );
      },
      SymptomChanged: async ({ manager, tables }, { data: symptom }) => {
        await manager.query(
          `UPDATE ${tables.symptoms} SET meal_id = $2, symptom_type = $3, severity = $4, notes = $5, "timestamp" = $6 WHERE id = $1`,
          [symptom.symptomId, symptom.mealId, symptom.symptomType, symptom.severity, symptom.notes, symptom.timestamp],
        );
      },
      SymptomDeleted: async ({ manager, tables }, { data }) => {
        await manager.query(`DELETE FROM ${tables.symptoms} WHERE id = $1`, [data.symptomId]);
      },
      MealDeleted: async ({ manager, tables }, { data }) => {
        await manager.query(`UPDATE ${tables.symptoms} SET meal_id = NULL WHERE meal_id = $1`, [data.mealId]);
      },
    },
  },
  ignores: { [JOURNAL]: ['MealCreated', 'MealChanged', 'MealFoodAdded', 'MealFoodChanged', 'MealFoodRemoved', 'MealCompleted'] },
});
