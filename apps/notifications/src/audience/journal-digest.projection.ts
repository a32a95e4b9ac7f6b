import { domainEvents, JOURNAL, localDay, MealFoodAddedV1, mealFoodEntry, SymptomLoggedV1 } from '@fodmap/contracts';
import { defineProjection, KeyedWrites } from '@fodmap/server';
import { mealEmailJob, mealEmailJobKey } from '../meal-email/meal-email.job';
import { summaryZoneOf } from './recipients.projection';

/** An entry's whole row, rated at the amount eaten as insights rates it, with the food as it was then. */
function mealFoodRow(entry: MealFoodAddedV1) {
  const { ratingAtQuantity } = mealFoodEntry({ id: entry.entryId, quantity: entry.quantity, servingUnit: entry.servingUnit, grams: entry.grams, food: entry.food });
  return {
    entry_id: entry.entryId,
    meal_id: entry.mealId,
    user_id: entry.userId,
    food_name: entry.food.name,
    rating: ratingAtQuantity,
    quantity: entry.quantity,
    serving_unit: entry.servingUnit,
    grams: entry.grams,
    ibs_trigger_type: entry.food.ibsTriggerType,
    snapshot: entry.food,
  };
}

/** A symptom's whole row on its local day in the zone it was logged or corrected in. */
async function upsertSymptom(rows: KeyedWrites, symptom: SymptomLoggedV1): Promise<void> {
  const zone = summaryZoneOf(symptom.timeZone);
  await rows.upsert('digest_symptoms', {
    symptom_id: symptom.symptomId,
    user_id: symptom.userId,
    meal_id: symptom.mealId,
    symptom_type: symptom.symptomType,
    severity: symptom.severity,
    felt_at: symptom.timestamp,
    local_day: localDay(symptom.timestamp, zone),
  });
}

/**
 * What the emails say about a person's days: `digest_meals` (with the local day in the zone the meal was logged in,
 * and whether it is completed), `digest_meal_foods` (each food rated at the amount eaten, as insights rates it, with
 * the food as it was then for the meal's score and stacking) and `digest_symptoms` (on their local day). Keyed writes
 * only: applying an event again gives the same rows, and a rebuild folds its batches into a few statements.
 * A completed meal's email is a job enqueued in the transaction that marks it completed, so when the job runs the
 * meal it reads is committed (a rebuild enqueues none).
 */
export const journalDigestProjection = defineProjection({
  name: 'journal_digest',
  tables: ['digest_meals', 'digest_meal_foods', 'digest_symptoms'],
  batchedWrites: true,
  keys: { digest_meals: 'meal_id', digest_meal_foods: 'entry_id', digest_symptoms: 'symptom_id' },
  events: domainEvents,
  handlers: {
    [JOURNAL]: {
      MealCreated: async ({ rows }, { data: meal }) => {
        const zone = summaryZoneOf(meal.timeZone);
        await rows.upsert('digest_meals', {
          meal_id: meal.mealId,
          user_id: meal.userId,
          name: meal.name,
          meal_type: meal.mealType,
          eaten_at: meal.timestamp,
          local_day: localDay(meal.timestamp, zone),
          time_zone: zone,
          completed: false,
        });
      },
      MealFoodAdded: async ({ rows }, { data: entry }) => {
        await rows.upsert('digest_meal_foods', mealFoodRow(entry));
      },
      // The whole entry again, rated at the amount now said to be eaten.
      MealFoodChanged: async ({ rows }, { data: entry }) => {
        await rows.upsert('digest_meal_foods', mealFoodRow(entry));
      },
      MealFoodRemoved: async ({ rows }, { data }) => {
        await rows.delete('digest_meal_foods', 'entry_id', data.entryId);
      },
      // A meal moved in time counts on its new local day, in the zone of the person who moved it; completed stays as it is.
      MealChanged: async ({ rows }, { data: meal }) => {
        const zone = summaryZoneOf(meal.timeZone);
        await rows.update(
          'digest_meals',
          { name: meal.name, meal_type: meal.mealType, eaten_at: meal.timestamp, local_day: localDay(meal.timestamp, zone), time_zone: zone },
          'meal_id',
          meal.mealId,
        );
      },
      MealCompleted: async ({ rows, jobs }, { eventId, data, metadata }) => {
        await rows.update('digest_meals', { completed: true }, 'meal_id', data.mealId);
        await jobs.enqueue(mealEmailJob, { eventId, mealId: data.mealId, userId: data.userId, correlationId: metadata.correlationId }, { key: mealEmailJobKey(eventId) });
      },
      // The meal and its foods go; its symptoms stay, unlinked, as the journal reads them.
      MealDeleted: async ({ rows }, { data }) => {
        await rows.delete('digest_meal_foods', 'meal_id', data.mealId);
        await rows.update('digest_symptoms', { meal_id: null }, 'meal_id', data.mealId);
        await rows.delete('digest_meals', 'meal_id', data.mealId);
      },
      SymptomLogged: async ({ rows }, { data: symptom }) => {
        await upsertSymptom(rows, symptom);
      },
      // The whole symptom again: one moved in time counts on its new local day.
      SymptomChanged: async ({ rows }, { data: symptom }) => {
        await upsertSymptom(rows, symptom);
      },
      SymptomDeleted: async ({ rows }, { data }) => {
        await rows.delete('digest_symptoms', 'symptom_id', data.symptomId);
      },
    },
  },
});
