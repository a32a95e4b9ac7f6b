import type { Severity, SymptomType } from '../symptoms/symptom';

/** Spec §9 and issue 9: the daily summary goes at 08:00 in the person's own zone, for their previous local day. */
export const DAILY_SUMMARY_HOUR = 8;
/** The spec's '8:00 AM EST': the zone of a person whose own zone is not known. */
export const DAILY_SUMMARY_DEFAULT_TIME_ZONE = 'America/New_York';

/** A one-tap symptom link is good for 48 hours, once per action. */
export const SYMPTOM_LINK_LIFETIME_HOURS = 48;

/** The one-tap choices a meal email offers: each symptom at each severity. */
export const SYMPTOM_LINK_SYMPTOMS: readonly SymptomType[] = ['bloating', 'pain', 'gas'];
export const SYMPTOM_LINK_SEVERITIES: readonly Severity[] = ['mild', 'moderate', 'severe'];

/**
 * The severity a link's query carries, as the spec's preset writes it ('severity 2'): 1 mild, 2 moderate, 3 severe.
 * A request may also name the severity itself.
 */
export const LINK_SEVERITY_NUMBERS: Record<number, Severity> = { 1: 'mild', 2: 'moderate', 3: 'severe' };
export const severityNumberOf = (severity: Severity): number => Number(Object.entries(LINK_SEVERITY_NUMBERS).find(([, value]) => value === severity)?.[0] ?? 0);

/** The spec's preset link of Profile's third test button. */
export const TEST_SYMPTOM_LINK = { symptom: 'bloating' as SymptomType, severity: 'moderate' as Severity };

/** GET /api/log-symptom?token=…: what a valid link will log, before the tap. */
export interface SymptomLinkPreview {
  symptomType: SymptomType;
  severity: Severity;
  /** The meal the symptom will be linked to, when the link names one that still exists. */
  mealName: string | null;
  expiresAt: string;
}

/** POST /api/log-symptom: the symptom logged. */
export interface SymptomLinkLogged {
  message: string;
  symptomId: number;
  symptomType: SymptomType;
  severity: Severity;
  mealId: number | null;
}

/** What notifications answers the gateway: also whose journal changed, so the gateway drops their cached reads. */
export interface SymptomLinkRedeemed extends SymptomLinkLogged {
  userId: number;
}

/** Which preference an unsubscribe link turns off. */
export const UNSUBSCRIBE_PREFERENCES = ['emailNotifications', 'mealNotifications'] as const;
export type UnsubscribePreference = (typeof UNSUBSCRIBE_PREFERENCES)[number];

/** POST /api/unsubscribe: which preference is now off. */
export interface UnsubscribeReply {
  message: string;
  preference: UnsubscribePreference;
}

/** POST /api/test-symptom-link: a signed link for the signed-in person (Profile's third test button). */
export interface SymptomLinkReply {
  url: string;
}
