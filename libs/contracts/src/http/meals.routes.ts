import { JournalMessages } from '../journal-messages';
import { pathRecordId } from '../ids';
import type { Meal } from '../meals/meal';
import { addMealFoodSchema, createMealSchema, mealListQuerySchema, repeatMealSchema, updateMealFoodSchema, updateMealSchema } from '../meals/meal.schemas';
import type { MessageReply } from '../subjects';
import { ok, route, routes } from './route';

const mealId = pathRecordId(JournalMessages.mealIdInvalid);
const entryId = pathRecordId(JournalMessages.mealEntryIdInvalid);

/**
 * The signed-in person's meals (spec §7). Another person's meal is a 404, never a 403; a change to the foods of a
 * completed meal, or any change to a deleted one, is a 409 that says which. Days are the person's own, in their zone.
 */
export const mealRoutes = routes({
  create: route({
    method: 'POST',
    path: '/api/meals',
    access: 'signedIn',
    gated: true,
    body: createMealSchema,
    idempotent: true,
    response: ok<Meal>({ status: 201 }),
    errors: [404, 429],
    summary: 'Log a meal, with its foods if given',
    description:
      "`timestamp` any past time, not more than a minute ahead. With `foods` (at most 50 of {foodId, quantity, servingUnit}) the meal and all its foods in one request, all or nothing: an unknown food (404) or a unit the food does not take (400) stores nothing.",
    example: { mealType: 'lunch', name: 'Rice bowl', timestamp: '2026-11-27T12:30:00.000Z', foods: [{ foodId: 1, quantity: 1, servingUnit: 'serving' }] },
  }),
  list: route({
    method: 'GET',
    path: '/api/meals',
    access: 'signedIn',
    query: mealListQuerySchema,
    response: ok<Meal[]>(),
    errors: [],
    summary: "The meals, newest first: a page of the history, today's (`?todayOnly=true`) or one day's (`?date=YYYY-MM-DD`)",
    description:
      'Without a day: `limit` meals (default 100, at most 200) and, when there are more, a `Link: <…>; rel="next"` header whose URL (with an opaque `cursor`) answers the next page. A day is answered whole.',
  }),
  get: route({
    method: 'GET',
    path: '/api/meals/:id',
    access: 'signedIn',
    params: { id: mealId },
    response: ok<Meal>(),
    errors: [404],
    summary: 'A meal with its foods and symptoms',
  }),
  update: route({
    method: 'PATCH',
    path: '/api/meals/:id',
    access: 'signedIn',
    gated: true,
    params: { id: mealId },
    body: updateMealSchema,
    response: ok<Meal>(),
    errors: [404, 409, 429],
    summary: "Correct a meal's time, type, name or notes, also once completed",
    description: 'At least one field and no other; `null` or blank notes clear them. A correction that changes nothing records nothing and answers the meal.',
    example: { name: 'Rice bowl', notes: null },
  }),
  addFood: route({
    method: 'POST',
    path: '/api/meals/:id/foods',
    access: 'signedIn',
    gated: true,
    params: { id: mealId },
    body: addMealFoodSchema,
    idempotent: true,
    response: ok<Meal>({ status: 201 }),
    errors: [404, 409, 429],
    summary: 'Add a food to a meal',
    description:
      "`quantity` ≥ 0.1 in steps of 0.1; `servingUnit` the food's own, `serving` or `g`. The entry keeps a snapshot of the food. 404 'Food not found' for an unknown food or another person's private food.",
    example: { foodId: 1, quantity: 1.5, servingUnit: 'serving' },
  }),
  updateFood: route({
    method: 'PATCH',
    path: '/api/meals/:id/foods/:entryId',
    access: 'signedIn',
    gated: true,
    params: { id: mealId, entryId },
    body: updateMealFoodSchema,
    response: ok<Meal>(),
    errors: [404, 409, 429],
    summary: 'Correct the amount eaten of a food, also once the meal is completed',
    example: { quantity: 2, servingUnit: 'serving' },
  }),
  removeFood: route({
    method: 'DELETE',
    path: '/api/meals/:id/foods/:entryId',
    access: 'signedIn',
    params: { id: mealId, entryId },
    response: ok<Meal>(),
    errors: [404, 409, 429],
    summary: 'Remove a food from a meal',
  }),
  complete: route({
    method: 'PATCH',
    path: '/api/meals/:id/complete',
    access: 'signedIn',
    gated: true,
    params: { id: mealId },
    response: ok<Meal>(),
    errors: [404, 409, 429],
    summary: 'Complete a meal (no body)',
    description: 'Completing a completed meal answers it unchanged; 409 for a meal without a food.',
  }),
  repeat: route({
    method: 'POST',
    path: '/api/meals/:id/repeat',
    access: 'signedIn',
    gated: true,
    params: { id: mealId },
    body: repeatMealSchema,
    idempotent: true,
    response: ok<Meal>({ status: 201 }),
    errors: [404, 429],
    summary: 'Log a new meal with the same name, type, foods and quantities, now unless `timestamp` says when',
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/meals/:id',
    access: 'signedIn',
    params: { id: mealId },
    response: ok<MessageReply>({ example: { message: 'Meal deleted successfully' } }),
    errors: [404, 429],
    summary: "Delete a meal; its symptoms stay, unlinked",
  }),
});
