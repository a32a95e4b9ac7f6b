import type { FodmapRating } from '../foods/fodmap-rating';

/** Spec §9 insight periods in days, default 7, with the labels of the Advanced Analytics buttons (spec §2). */
export const INSIGHT_PERIODS = [7, 14, 30, 90, 180, 365] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const DEFAULT_INSIGHT_PERIOD: InsightPeriod = 7;
export const INSIGHT_PERIOD_LABELS: Record<InsightPeriod, string> = {
  7: '7 Days',
  14: '14 Days',
  30: '30 Days',
  90: '3 Months',
  180: '6 Months',
  365: '1 Year',
};

/** Spec §9 correlation periods in days, default 30, with the labels of the Symptom Correlation select (spec §2). */
export const CORRELATION_PERIODS = [7, 14, 30, 90] as const;
export type CorrelationPeriod = (typeof CORRELATION_PERIODS)[number];
export const DEFAULT_CORRELATION_PERIOD: CorrelationPeriod = 30;
export const CORRELATION_PERIOD_LABELS: Record<CorrelationPeriod, string> = {
  7: '7 days',
  14: '14 days',
  30: '30 days',
  90: '3 months',
};

/** The longest explicit startDate..endDate range of activity: a year, the longest insight period, plus a leap day. */
export const MAX_ACTIVITY_RANGE_DAYS = 366;

/** Spec §9: the risk bar is at least this wide (percent) on a day with meals, 0 on a day without. */
export const RISK_BAR_MIN_PERCENT = 15;

export type InsightColour = 'green' | 'yellow' | 'orange' | 'red';

/** Spec §9 insight risk colours by upper bound (percent): up to 20 green, up to 40 yellow, up to 70 orange, above red. */
export const INSIGHT_RISK_COLOURS: readonly { upTo: number; colour: InsightColour }[] = [
  { upTo: 20, colour: 'green' },
  { upTo: 40, colour: 'yellow' },
  { upTo: 70, colour: 'orange' },
  { upTo: Infinity, colour: 'red' },
];

export function insightRiskColour(percent: number): InsightColour {
  return (INSIGHT_RISK_COLOURS.find(({ upTo }) => percent <= upTo) ?? INSIGHT_RISK_COLOURS[INSIGHT_RISK_COLOURS.length - 1]).colour;
}

/** The width of a day's risk bar (spec §2, §9): the day's risk, at least the minimum when meals exist, 0 without meals. */
export function riskBarPercent(day: Pick<DailyInsight, 'mealsCount' | 'avgFodmapRisk'>): number {
  if (day.mealsCount === 0) return 0;
  return Math.min(100, Math.max(RISK_BAR_MIN_PERCENT, day.avgFodmapRisk ?? 0));
}

export type CorrelationLabel = 'High Risk' | 'Moderate Risk' | 'Low Risk' | 'Safe';

/** Spec §9 correlation rate labels by lower bound, with their recommendations. */
export const CORRELATION_LABELS: readonly { from: number; label: CorrelationLabel; colour: InsightColour; recommendation: string }[] = [
  { from: 0.7, label: 'High Risk', colour: 'red', recommendation: 'Avoid' },
  { from: 0.5, label: 'Moderate Risk', colour: 'orange', recommendation: 'Monitor closely and limit portions' },
  { from: 0.3, label: 'Low Risk', colour: 'yellow', recommendation: 'Safe in moderation' },
  { from: 0, label: 'Safe', colour: 'green', recommendation: 'Generally well-tolerated' },
];

export function correlationLabelOf(rate: number): (typeof CORRELATION_LABELS)[number] {
  return CORRELATION_LABELS.find(({ from }) => rate >= from) ?? CORRELATION_LABELS[CORRELATION_LABELS.length - 1];
}

/** Spec §9 severity scale 0 to 4: at least 3 Severe, at least 2 Moderate, at least 1 Mild, else None. */
export function severityLabelOf(value: number): 'Severe' | 'Moderate' | 'Mild' | 'None' {
  if (value >= 3) return 'Severe';
  if (value >= 2) return 'Moderate';
  if (value >= 1) return 'Mild';
  return 'None';
}

/**
 * What "after a meal" means: a symptom linked to a meal counts for that meal; an unlinked one counts for the meals
 * eaten from `toHours` to `fromHours` before it. The default 1 to 8 hours spans the mouth-to-colon transit in which
 * FODMAPs act (see apps/insights/src/correlation/README.md for the sources).
 */
export const SYMPTOM_WINDOW = { fromHours: 1, toHours: 8 } as const;
export interface SymptomWindow {
  fromHours: number;
  toHours: number;
}

/**
 * Issue 20: the windows an analysis may use. Each is its own analysis (and cache entry), so any window of 0 to 48 h
 * would let one person ask for over a thousand per period; these are the ones apps/insights/src/correlation/README.md
 * argues for: the default, from 0 for early small-bowel effects, from 4 for the colon only, to 12 for a slow transit.
 */
export const SYMPTOM_WINDOWS: readonly SymptomWindow[] = [
  { fromHours: 1, toHours: 8 },
  { fromHours: 0, toHours: 8 },
  { fromHours: 4, toHours: 8 },
  { fromHours: 1, toHours: 12 },
];

/** Issue 20: fresh analyses (not answered from the cache) one person may have per minute, by default (INSIGHTS_ANALYSES_PER_MINUTE). */
export const INSIGHTS_ANALYSES_PER_MINUTE = 30;

/** Fewer meals than this with (or without) a food, and the comparison says 'not_enough_data'. */
export const MIN_MEALS_COMPARED = 3;

/**
 * How sure a finding is, from a one-sided test against the person's own baseline (see the insights service):
 * strong and moderate survive the correction for every food (or group) tested; to_confirm is a signal that may be chance.
 */
export type EvidenceLevel = 'strong' | 'moderate' | 'to_confirm' | 'no_link' | 'not_enough_data';

/** The evidence levels in plain words, strongest first. */
export const EVIDENCE_LEVELS: readonly { level: EvidenceLevel; title: string; explanation: string }[] = [
  { level: 'strong', title: 'Strong evidence', explanation: 'You get symptoms after it far more often than after your other meals: too often to be chance.' },
  { level: 'moderate', title: 'Moderate evidence', explanation: 'You get symptoms after it more often than after your other meals: probably not chance.' },
  { level: 'to_confirm', title: 'To be confirmed', explanation: 'A possible link that could still be chance: keep logging, or test it with your dietitian.' },
  { level: 'no_link', title: 'No link found', explanation: 'You get symptoms after it no more often than after your other meals.' },
  { level: 'not_enough_data', title: 'Not enough data', explanation: 'Eaten too few times (or at nearly every meal) to compare with your other meals.' },
];

/** Meals compared for one food or FODMAP group: the 2×2 table behind a finding. */
export interface ExposureTable {
  /** meals with the food (or the group over its cut-off), and how many of them symptoms followed */
  with: { meals: number; symptomatic: number };
  /** the person's other meals of the period: the baseline */
  without: { meals: number; symptomatic: number };
}

/** What a finding rests on, for the food and group lists alike. */
export interface Evidence {
  evidence: EvidenceLevel;
  /**
   * one-sided Fisher exact test (symptoms after meals with it more often than after the others), or, when larger, the
   * exact test stratified by another food (group) sharing at least 20 % of its meals: symptoms it explains are not this one's
   */
  pValue: number | null;
  /** Benjamini-Hochberg false discovery rate across everything tested in the same list */
  qValue: number | null;
  /** symptom rate after the other meals (0 to 1) */
  baselineRate: number | null;
  exposures: ExposureTable;
}

/** Spec §3 Correlation entry, plus what makes it honest (issue 8). */
export interface CorrelationEntry extends Evidence {
  foodId: number;
  foodName: string;
  /** the food's rating at its own serving, as last logged */
  fodmapRating: FodmapRating;
  /** meals with the food in the period */
  totalMeals: number;
  /** of those, meals symptoms followed */
  symptomsAfter: number;
  /** symptomsAfter / totalMeals */
  correlationRate: number;
  /** mean severity of the symptoms after it, 0 to 4 (spec §9) */
  avgSymptomSeverity: number;
  /** symptom names (spec §9 labels), most frequent first */
  commonSymptoms: string[];
  /** the spec §9 label, only where the evidence supports it (strong or moderate, or 'Safe' with no link found) */
  riskLabel: CorrelationLabel | null;
  /** foods eaten in at least 80 % of its meals; those it is nearly always eaten with both ways cannot be told apart and are not ranked apart */
  eatenWith: string[];
}

/** The FODMAP groups a dietitian reintroduces one by one, and the catalogue's other named triggers. */
export const FODMAP_INSIGHT_GROUPS = ['fructans', 'galactans', 'lactose', 'excessFructose', 'polyols'] as const;
export const OTHER_TRIGGER_GROUPS = ['high_fat', 'spicy', 'caffeine', 'alcohol', 'carbonation', 'insoluble_fiber'] as const;
export type InsightGroup = (typeof FODMAP_INSIGHT_GROUPS)[number] | (typeof OTHER_TRIGGER_GROUPS)[number];

export const INSIGHT_GROUP_LABELS: Record<InsightGroup, string> = {
  fructans: 'Fructans',
  galactans: 'GOS (galacto-oligosaccharides)',
  lactose: 'Lactose',
  excessFructose: 'Excess fructose',
  polyols: 'Polyols (sorbitol, mannitol)',
  high_fat: 'Fatty foods',
  spicy: 'Spicy foods',
  caffeine: 'Caffeine',
  alcohol: 'Alcohol',
  carbonation: 'Fizzy drinks',
  insoluble_fiber: 'Insoluble fibre',
};

/** Where each FODMAP group is found, in everyday foods, for a person who does not know its name; the other triggers' names say it. */
export const INSIGHT_GROUP_EXAMPLES: Partial<Record<InsightGroup, string>> = {
  fructans: 'wheat, rye, onion, garlic',
  galactans: 'beans, lentils, chickpeas',
  lactose: 'milk, yoghurt, soft cheese',
  excessFructose: 'honey, apples, mango',
  polyols: 'stone fruit, mushrooms, sugar-free sweets',
};

/** Symptom rate after meals exposed to one group against the other meals (issue 8 "Which FODMAP group is yours"). */
export interface GroupCorrelation extends Evidence {
  group: InsightGroup;
  kind: 'fodmap' | 'other_trigger';
  /** exposed meals whose exposure rests only on a food's trigger type, its grams of the group unknown */
  inferredMeals: number;
  correlationRate: number | null;
}

/** GET /api/insights/fodmap-groups: which group the person's symptoms follow, for the same period and window. */
export interface GroupCorrelations {
  period: CorrelationPeriod;
  window: SymptomWindow;
  mealsAnalysed: number;
  symptomaticMeals: number;
  /** FODMAP groups first, then other triggers; each by evidence, strongest first */
  groups: GroupCorrelation[];
}

/** Spec §3 Daily insight: one day of the caller's own calendar. */
export interface DailyInsight {
  date: string;
  mealsCount: number;
  /** the FODMAP risk (spec §4, percent) over the day's foods at the amounts eaten; null when no food was rated */
  avgFodmapRisk: number | null;
  symptomCount: number;
}

/** GET /api/insights/activity. */
export interface InsightsActivity {
  /** every day of the range, newest first */
  dailyData: DailyInsight[];
  summary: {
    totalSymptoms: number;
    /** the mean of the days' risks, over days with a rated food; null when there is none */
    avgFodmapRisk: number | null;
    daysWithSymptoms: number;
  };
  meta: { serverVersion: string; environment: string; timestamp: string };
}

/** The version the screens show (spec §9) and the activity's meta reports. */
export const SERVER_VERSION = '1.0.0';
