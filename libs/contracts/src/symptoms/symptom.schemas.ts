import { z } from 'zod';
import { recordId } from '../ids';
import { JournalMessages } from '../journal-messages';
import { NOTES_MAX_LENGTH } from '../text-limits';
import { text } from '../text';
import { instantSchema, isoDateSchema } from '../time/instant';
import { SEVERITIES, SYMPTOM_TYPES } from './symptom';

// The symptom requests' schemas, apart from symptom.ts: a screen that only shows symptoms never downloads zod.

/** POST /api/symptoms. `timestamp` (default now) lets a person log a symptom that began earlier or fill in past days. */
export const logSymptomSchema = z.object({
  symptomType: z
    .string({ required_error: JournalMessages.symptomTypeRequired, invalid_type_error: JournalMessages.symptomTypeRequired })
    .trim()
    .min(1, JournalMessages.symptomTypeRequired)
    .pipe(z.enum(SYMPTOM_TYPES, { errorMap: () => ({ message: JournalMessages.symptomTypeInvalid }) })),
  severity: z.enum(SEVERITIES, { errorMap: () => ({ message: JournalMessages.severityInvalid }) }),
  notes: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), text('Notes', NOTES_MAX_LENGTH).optional()),
  mealId: recordId(JournalMessages.mealIdInvalid).nullish(),
  timestamp: instantSchema(JournalMessages.symptomTimestampInvalid).optional(),
});
export type LogSymptomInput = z.input<typeof logSymptomSchema>;

/** GET /api/symptoms?date=YYYY-MM-DD: the caller's local day; without date, every symptom, newest first. */
export const symptomListQuerySchema = z.object({ date: isoDateSchema('date').optional() });
export type SymptomListQuery = z.input<typeof symptomListQuerySchema>;
