import { pageQueryShape, wholeDayIsNotPaged } from '../http/page';
import { z } from 'zod';
import { recordId } from '../ids';
import { JournalMessages } from '../journal-messages';
import { NOTES_MAX_LENGTH } from '../text-limits';
import { text } from '../text';
import { instantSchema, isoDateSchema } from '../time/instant';
import { SEVERITIES, SYMPTOM_TYPES } from './symptom';

// The symptom requests' schemas, apart from symptom.ts: a screen that only shows symptoms never downloads zod.

const symptomTypeSchema = z
  .string({ required_error: JournalMessages.symptomTypeRequired, invalid_type_error: JournalMessages.symptomTypeRequired })
  .trim()
  .min(1, JournalMessages.symptomTypeRequired)
  .pipe(z.enum(SYMPTOM_TYPES, { errorMap: () => ({ message: JournalMessages.symptomTypeInvalid }) }));
const severitySchema = z.enum(SEVERITIES, { errorMap: () => ({ message: JournalMessages.severityInvalid }) });

/** POST /api/symptoms. `timestamp` (default now) lets a person log a symptom that began earlier or fill in past days. */
export const logSymptomSchema = z.object({
  symptomType: symptomTypeSchema,
  severity: severitySchema,
  notes: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), text('Notes', NOTES_MAX_LENGTH).optional()),
  mealId: recordId(JournalMessages.mealIdInvalid).nullish(),
  timestamp: instantSchema(JournalMessages.symptomTimestampInvalid).optional(),
});
export type LogSymptomInput = z.input<typeof logSymptomSchema>;

/**
 * PATCH /api/symptoms/:id: a correction (issue 18). Only the fields sent change; at least one must be sent.
 * `notes: null` (or blank) clears the notes, `mealId: null` unlinks the meal; a mealId must name one of the caller's
 * meals that is not deleted (404 'Meal not found'); the time is any past time, not in the future beyond the clock skew.
 */
export const updateSymptomSchema = z
  .object({
    symptomType: symptomTypeSchema.optional(),
    severity: severitySchema.optional(),
    notes: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), text('Notes', NOTES_MAX_LENGTH).nullable().optional()),
    mealId: recordId(JournalMessages.mealIdInvalid).nullable().optional(),
    timestamp: instantSchema(JournalMessages.symptomTimestampInvalid).optional(),
  })
  .strict(JournalMessages.symptomUpdateUnknownField)
  .refine((input) => Object.values(input).some((value) => value !== undefined), JournalMessages.nothingToUpdate);
export type UpdateSymptomInput = z.input<typeof updateSymptomSchema>;

/** GET /api/symptoms?date=YYYY-MM-DD: the caller's local day; without date, the history a page at a time, newest first. */
export const symptomListQuerySchema = z
  .object({ date: isoDateSchema('date').optional(), ...pageQueryShape })
  .refine(({ date, limit, cursor }) => !(date && (limit !== undefined || cursor !== undefined)), wholeDayIsNotPaged);
export type SymptomListQuery = z.input<typeof symptomListQuerySchema>;
