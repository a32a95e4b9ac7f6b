import { localDay, MealCreatedV1, MealFoodAddedV1, SymptomLoggedV1 } from '@fodmap/contracts';
import { journalCopyProjection, journalRows } from '@fodmap/server';
import { mealEmailJob, mealEmailJobKey } from '../meal-email/meal-email.job';
import { summaryZoneOf } from './recipients.projection';

/** An entry's whole row: the columns every copy has, and the food's name and trigger type for the emails. */
function mealFoodRow(entry: MealFoodAddedV1) {
  return { ...journalRows.mealFood(entry), food_name: entry.food.name, ibs_trigger_type: entry.food.ibsTriggerType };
}

/** A meal's columns on its local day in the zone it was logged or corrected in: a meal moved in time counts on its new local day. */
function mealRow(meal: MealCreatedV1) {
  const zone = summaryZoneOf(meal.timeZone);
  return { ...journalRows.meal(meal), name: meal.name, local_day: localDay(meal.timestamp, zone), time_zone: zone };
}

/** A symptom's whole row on its local day in the zone it was logged or corrected in. */
function symptomRow(symptom: SymptomLoggedV1) {
  return { ...journalRows.symptom(symptom), local_day: localDay(symptom.timestamp, summaryZoneOf(symptom.timeZone)) };
}

/**
 * What the emails say about a person's days: `digest_meals` (with the local day in the zone the meal was logged in,
 * and whether it is completed), `digest_meal_foods` (each food rated at the amount eaten, as every copy rates it, with
 * the food as it was then for the meal's score and stacking) and `digest_symptoms` (on their local day), folded as
 * every copy of the journal is (journalCopyProjection).
 * A completed meal's email is a job enqueued in the transaction that marks it completed, so when the job runs the
 * meal it reads is committed (a rebuild enqueues none).
 */
export const journalDigestProjection = journalCopyProjection({
  name: 'journal_digest',
  tables: { meals: 'digest_meals', mealFoods: 'digest_meal_foods', symptoms: 'digest_symptoms' },
  rows: { meal: mealRow, mealFood: mealFoodRow, symptom: symptomRow },
  completed: {
    column: 'completed',
    then: async ({ jobs }, { eventId, data, metadata }) => {
      await jobs.enqueue(mealEmailJob, { eventId, mealId: data.mealId, userId: data.userId, correlationId: metadata.correlationId }, { key: mealEmailJobKey(eventId) });
    },
  },
});
