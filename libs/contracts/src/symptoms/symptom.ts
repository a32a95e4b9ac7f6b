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
