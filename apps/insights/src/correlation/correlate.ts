import {
  type CorrelationEntry,
  correlationLabelOf,
  FODMAP_INSIGHT_GROUPS,
  type FodmapRating,
  type GroupCorrelation,
  type GroupCorrelations,
  type InsightGroup,
  OTHER_TRIGGER_GROUPS,
  SEVERITY_SCORE,
  SYMPTOM_LABELS,
  SYMPTOM_TYPES,
  type SymptomType,
  type SymptomWindow,
} from '@fodmap/contracts';
import { companions, inseparable, type Overlap, overlapsOf } from './eaten-together';
import { assessExposures, EVIDENCE_RANK, type Finding } from './evidence';
import { groupExposures } from './group-exposure';
import type { History } from './history';
import { earliestMealOf, type MealOutcome, mealOutcomes } from './symptom-window';

/** A food's entry, the meals (indices into the analysed meals, ascending) it was eaten in, and the foods sharing them. */
export interface AssessedFood {
  entry: CorrelationEntry;
  meals: readonly number[];
  /** the other foods eaten at some of its meals, `other` indexing the assessed list */
  overlaps: readonly Overlap[];
}

const COMMON_SYMPTOMS = 3;
const SAFE_BELOW = 0.3;

/** The meals with foods, in the order eaten, with the symptoms that followed each. */
function analysedMeals(history: History, window: SymptomWindow): MealOutcome[] {
  return mealOutcomes(history, window).filter((outcome) => outcome.meal.foods.length > 0);
}

/** Every food of the period with its own evidence, unranked and not yet grouped with the foods eaten with it. */
export function assessFoods(history: History, window: SymptomWindow): AssessedFood[] {
  const outcomes = analysedMeals(history, window);
  const foods = new Map<number, { name: string; rating: FodmapRating; meals: number[] }>();
  outcomes.forEach(({ meal }, index) => {
    for (const entry of meal.foods) {
      const food = foods.get(entry.foodId) ?? { name: entry.food.name, rating: entry.fodmapRating, meals: [] };
      // Meals are in the order eaten, so the last entry seen names and rates the food as last logged.
      food.name = entry.food.name;
      food.rating = entry.fodmapRating;
      if (food.meals[food.meals.length - 1] !== index) food.meals.push(index);
      foods.set(entry.foodId, food);
    }
  });
  const list = [...foods.entries()];
  const meals = list.map(([, food]) => food.meals);
  const overlaps = overlapsOf(meals, outcomes.length);
  const findings = assessExposures(outcomes, meals, overlaps);
  return list.map(([foodId, food], index) => ({
    meals: food.meals,
    overlaps: overlaps[index],
    entry: {
      ...findings[index],
      ...symptomsAfter(outcomes, food.meals, window),
      foodId,
      foodName: food.name,
      fodmapRating: food.rating,
      totalMeals: food.meals.length,
      symptomsAfter: findings[index].exposures.with.symptomatic,
      correlationRate: findings[index].correlationRate ?? 0,
      riskLabel: riskLabelOf(findings[index]),
      eatenWith: [],
    },
  }));
}

/**
 * The ranked correlation list: strong, moderate, to_confirm, no_link, not_enough_data, each strongest first.
 * Foods nearly always eaten together (both ways) cannot be told apart: the strongest of them is listed, the others
 * not. A tested entry names every food present in at least 80 % of its meals, its unlisted partners among them
 * (olive oil names the garlic it is always fried with, though garlic is often eaten without it).
 */
export function correlateFoods(history: History, window: SymptomWindow): CorrelationEntry[] {
  const assessed = assessFoods(history, window);
  const listed = new Set<AssessedFood>();
  for (const food of assessed.filter(({ entry }) => entry.pValue !== null).sort((a, b) => byStrength(a.entry, b.entry))) {
    const partnerListed = food.overlaps.some(({ other, shared }) => inseparable(food.meals.length, assessed[other].meals.length, shared) && listed.has(assessed[other]));
    if (!partnerListed) listed.add(food);
  }
  const untested = assessed.filter(({ entry }) => entry.pValue === null);
  return [
    ...[...listed].map((food) => ({ ...food.entry, eatenWith: companions(food.meals.length, food.overlaps).map(({ other }) => assessed[other].entry.foodName) })),
    ...untested.map(({ entry }) => entry),
  ].sort((a, b) => EVIDENCE_RANK[a.evidence] - EVIDENCE_RANK[b.evidence] || byStrength(a, b));
}

const RATING_ORDER: Record<FodmapRating, number> = { high: 0, medium: 1, unknown: 2, low: 3 };

/**
 * p ascending, then rate and meals descending; foods that tie on all three (eaten at exactly the same meals) put the
 * higher-FODMAP food first, the likelier culprit to name; then by name.
 */
function byStrength(a: CorrelationEntry, b: CorrelationEntry): number {
  return (
    (a.pValue ?? Infinity) - (b.pValue ?? Infinity) ||
    b.correlationRate - a.correlationRate ||
    b.totalMeals - a.totalMeals ||
    RATING_ORDER[a.fodmapRating] - RATING_ORDER[b.fodmapRating] ||
    a.foodName.localeCompare(b.foodName) ||
    a.foodId - b.foodId
  );
}

/**
 * Spec §9 label only where the evidence supports it: strong or moderate evidence gets the label of its rate, never
 * 'Safe' (the evidence says it is linked); a food tested with no link and a rate under 0.3 is 'Safe'; else none.
 */
function riskLabelOf(finding: Finding): CorrelationEntry['riskLabel'] {
  const rate = finding.correlationRate ?? 0;
  if (finding.evidence === 'strong' || finding.evidence === 'moderate') {
    const { label } = correlationLabelOf(rate);
    return label === 'Safe' ? 'Low Risk' : label;
  }
  return finding.evidence === 'no_link' && rate < SAFE_BELOW ? 'Safe' : null;
}

const TYPE_INDEX = Object.fromEntries(SYMPTOM_TYPES.map((type, index) => [type, index])) as Record<SymptomType, number>;
/** Counts per symptom type (index in SYMPTOM_TYPES), reused by every food of every analysis: zeroed after each use. */
const typeCounts = new Int32Array(SYMPTOM_TYPES.length);

/**
 * The symptoms after a food's meals, each counted once: mean severity (0 to 4) and the three most frequent names.
 * Counted once without a set: a symptom follows several meals only when logged unlinked, and then it follows every
 * meal eaten from its felt time − toHours on (meals in the order eaten), so it was already counted for this food
 * exactly when the food's previous meal was eaten within that window too.
 */
function symptomsAfter(outcomes: readonly MealOutcome[], meals: readonly number[], window: SymptomWindow): Pick<CorrelationEntry, 'avgSymptomSeverity' | 'commonSymptoms'> {
  let counted = 0;
  let severity = 0;
  for (let at = 0; at < meals.length; at += 1) {
    const previousEatenAt = at === 0 ? -Infinity : outcomes[meals[at - 1]].meal.eatenAt;
    for (const symptom of outcomes[meals[at]].symptoms) {
      if (symptom.mealId === null && previousEatenAt >= earliestMealOf(symptom, window)) continue;
      counted += 1;
      severity += SEVERITY_SCORE[symptom.severity];
      typeCounts[TYPE_INDEX[symptom.symptomType]] += 1;
    }
  }
  const common: { label: string; count: number }[] = [];
  typeCounts.forEach((count, index) => {
    if (count > 0) common.push({ label: SYMPTOM_LABELS[SYMPTOM_TYPES[index]], count });
  });
  typeCounts.fill(0);
  const commonSymptoms = common
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, COMMON_SYMPTOMS)
    .map(({ label }) => label);
  return { avgSymptomSeverity: counted === 0 ? 0 : Math.round((severity / counted) * 100) / 100, commonSymptoms };
}

const GROUPS: readonly { group: InsightGroup; kind: GroupCorrelation['kind'] }[] = [
  ...FODMAP_INSIGHT_GROUPS.map((group) => ({ group, kind: 'fodmap' as const })),
  ...OTHER_TRIGGER_GROUPS.map((group) => ({ group, kind: 'other_trigger' as const })),
];
const GROUP_INDEX = new Map(GROUPS.map(({ group }, index) => [group, index]));

/**
 * Which FODMAP group (or other trigger) the person's symptoms follow: each group's exposed meals against the rest,
 * tested as the foods are. Every group is listed, a group never eaten as 'not_enough_data'; FODMAP groups first,
 * then the other triggers, each by evidence then p.
 */
export function correlateGroups(history: History, window: SymptomWindow): Pick<GroupCorrelations, 'mealsAnalysed' | 'symptomaticMeals' | 'groups'> {
  const outcomes = analysedMeals(history, window);
  const meals = GROUPS.map((): number[] => []);
  const inferredMeals = GROUPS.map(() => 0);
  outcomes.forEach(({ meal }, index) => {
    for (const [group, basis] of groupExposures(meal)) {
      const at = GROUP_INDEX.get(group);
      if (at === undefined) continue;
      meals[at].push(index);
      if (basis === 'inferred') inferredMeals[at] += 1;
    }
  });
  const findings = assessExposures(outcomes, meals, overlapsOf(meals, outcomes.length));
  const groups = GROUPS.map(({ group, kind }, at): GroupCorrelation => ({ ...findings[at], group, kind, inferredMeals: inferredMeals[at] }));
  groups.sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === 'fodmap' ? -1 : 1) ||
      EVIDENCE_RANK[a.evidence] - EVIDENCE_RANK[b.evidence] ||
      (a.pValue ?? Infinity) - (b.pValue ?? Infinity) ||
      (GROUP_INDEX.get(a.group) ?? 0) - (GROUP_INDEX.get(b.group) ?? 0),
  );
  return { mealsAnalysed: outcomes.length, symptomaticMeals: outcomes.filter((outcome) => outcome.symptoms.length > 0).length, groups };
}
