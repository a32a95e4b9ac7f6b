import { z } from 'zod';
import { recordId } from '../ids';
import { Messages } from '../messages';
import { NOTES_MAX_LENGTH, text } from '../text';
import { instantSchema, isoDateSchema } from '../time/instant';

/** Spec §9: the symptom types, with the names the screens show. */
export const SYMPTOM_TYPES = ['bloating', 'pain', 'gas', 'diarrhea', 'constipation', 'nausea', 'headache', 'fatigue', 'mood'] as const;
export type SymptomType = (typeof SYMPTOM_TYPES)[number];

export const SYMPTOM_LABELS: Record<SymptomType, string> = {
  bloating: 'Bloating',
  pain: 'Abdominal Pain',
  gas: 'Gas',
  diarrhea: 'Diarrhea',
  constipation: 'Constipation',
  nausea: 'Nausea',
  headache: 'Headache',
  fatigue: 'Fatigue',
  mood: 'Mood',
};

/** Spec §9: the dashboard's quick symptom tiles. */
export const QUICK_SYMPTOM_TILES: readonly SymptomType[] = ['bloating', 'pain', 'gas', 'mood'];

/** Spec §3; the form offers all but 'none', default 'mild' (spec §5). */
export const SEVERITIES = ['none', 'mild', 'moderate', 'severe'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const FORM_SEVERITIES: readonly Severity[] = ['mild', 'moderate', 'severe'];
export const DEFAULT_SEVERITY: Severity = 'mild';

/** Spec §9 severity scale 0 to 4: what each severity counts for in averages (at least 3 Severe, 2 Moderate, 1 Mild). */
export const SEVERITY_SCORE: Record<Severity, number> = { none: 0, mild: 1, moderate: 2, severe: 3 };

/** POST /api/symptoms. `timestamp` (default now) lets a person log a symptom that began earlier or fill in past days. */
export const logSymptomSchema = z.object({
  symptomType: z
    .string({ required_error: Messages.symptomTypeRequired, invalid_type_error: Messages.symptomTypeRequired })
    .trim()
    .min(1, Messages.symptomTypeRequired)
    .pipe(z.enum(SYMPTOM_TYPES, { errorMap: () => ({ message: Messages.symptomTypeInvalid }) })),
  severity: z.enum(SEVERITIES, { errorMap: () => ({ message: Messages.severityInvalid }) }),
  notes: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), text('Notes', NOTES_MAX_LENGTH).optional()),
  mealId: recordId(Messages.mealIdInvalid).nullish(),
  timestamp: instantSchema(Messages.symptomTimestampInvalid).optional(),
});
export type LogSymptomInput = z.input<typeof logSymptomSchema>;

/** GET /api/symptoms?date=YYYY-MM-DD: the caller's local day; without date, every symptom, newest first. */
export const symptomListQuerySchema = z.object({ date: isoDateSchema('date').optional() });
export type SymptomListQuery = z.input<typeof symptomListQuerySchema>;

/** Spec §3 Symptom as the browser sees it. */
export interface Symptom {
  id: number;
  symptomType: SymptomType;
  severity: Severity;
  notes: string | null;
  timestamp: string;
  /** null when logged without a meal, or when its meal was deleted */
  mealId: number | null;
}
