import { JournalMessages } from '../journal-messages';
import { pathRecordId } from '../ids';
import type { MessageReply } from '../subjects';
import type { Symptom } from '../symptoms/symptom';
import { logSymptomSchema, symptomListQuerySchema, updateSymptomSchema } from '../symptoms/symptom.schemas';
import { ok, route, routes } from './route';

const symptomId = pathRecordId(JournalMessages.symptomIdInvalid);

/** The signed-in person's symptoms (spec §7): another person's symptom, or a mealId of another's meal, is a 404. */
export const symptomRoutes = routes({
  log: route({
    method: 'POST',
    path: '/api/symptoms',
    access: 'signedIn',
    gated: true,
    body: logSymptomSchema,
    idempotent: true,
    response: ok<Symptom>({ status: 201 }),
    errors: [404, 429],
    summary: 'Log a symptom',
    description: "`timestamp` (default now) any past time, not more than a minute ahead; `mealId` one of the person's meals.",
    example: { symptomType: 'bloating', severity: 'moderate', notes: 'After lunch', timestamp: '2026-11-27T14:00:00.000Z' },
  }),
  list: route({
    method: 'GET',
    path: '/api/symptoms',
    access: 'signedIn',
    query: symptomListQuerySchema,
    response: ok<Symptom[]>(),
    errors: [],
    summary: "The symptoms, newest first: a page of the history, or `?date=YYYY-MM-DD` one of the person's days whole",
    description: 'Without a day: `limit` symptoms (default 100, at most 200) and, when there are more, a `Link: <…>; rel="next"` header with the next page\'s URL.',
  }),
  update: route({
    method: 'PATCH',
    path: '/api/symptoms/:id',
    access: 'signedIn',
    gated: true,
    params: { id: symptomId },
    body: updateSymptomSchema,
    response: ok<Symptom>(),
    errors: [404, 409, 429],
    summary: "Correct a symptom's type, severity, notes, time or linked meal",
    description: "At least one field and no other; `notes: null` clears, `mealId: null` unlinks; a `mealId` one of the person's meals that is not deleted, else 404 'Meal not found'.",
    example: { severity: 'severe' },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/symptoms/:id',
    access: 'signedIn',
    params: { id: symptomId },
    response: ok<MessageReply>(),
    errors: [404, 429],
    summary: 'Delete a symptom',
  }),
});
