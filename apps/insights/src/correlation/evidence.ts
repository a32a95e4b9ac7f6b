import { type Evidence, type EvidenceLevel, type ExposureTable, MIN_MEALS_COMPARED, SEVERITY_SCORE } from '@fodmap/contracts';
import { type Overlap, sharedMeals, stratifiers } from './eaten-together';
import { benjaminiHochberg, exactStratifiedGreater, fisherExactGreater, mannWhitneyGreaterFromTallies, type RankTally } from './statistics';
import type { MealOutcome } from './symptom-window';

/** Strongest first: the order of the lists. */
export const EVIDENCE_RANK: Record<EvidenceLevel, number> = { strong: 0, moderate: 1, to_confirm: 2, no_link: 3, not_enough_data: 4 };

const ALPHA = 0.05;
const MODERATE_ALPHA = 0.2;

/**
 * The evidence level of one tested food (or group), from its Fisher p, the Mann-Whitney p of its meals' severities
 * (severityP), and how many were tested in the same list:
 * - no more symptoms after it than after the person's other meals: 'to_confirm' if they are worse, else 'no_link';
 * - Bonferroni-corrected p (p·tested) ≤ 0.05 'strong', ≤ 0.20 'moderate';
 * - uncorrected p ≤ 0.05, or worse symptoms (severityP ≤ 0.05): 'to_confirm', a signal that may be chance;
 * - else 'no_link'.
 * The level comes from p and the number tested, not from the BH q-value, so that it is monotone: adding symptoms
 * that do not follow a food raises its p and its baseline and leaves `tested` alone (that depends on meals only),
 * so its level can only fall. A level read from the BH q could rise instead: those same symptoms can lower other
 * foods' p-values, and BH's step-up then lowers every q. Bonferroni also bounds the false discovery rate.
 */
export function evidenceLevel({ p, severityP, tested, rate, baselineRate }: { p: number; severityP: number; tested: number; rate: number; baselineRate: number }): EvidenceLevel {
  // Not above the baseline: never strong or moderate (its Fisher p is about one half or more anyway), at most worse symptoms to confirm.
  if (rate <= baselineRate) return severityP <= ALPHA ? 'to_confirm' : 'no_link';
  const corrected = Math.min(1, p * tested);
  if (corrected <= ALPHA) return 'strong';
  if (corrected <= MODERATE_ALPHA) return 'moderate';
  if (p <= ALPHA || severityP <= ALPHA) return 'to_confirm';
  return 'no_link';
}

/** A food's or a group's evidence, with its rate (null when never eaten). */
export interface Finding extends Evidence {
  correlationRate: number | null;
}

const SEVERITY_LEVELS = Math.max(...Object.values(SEVERITY_SCORE)) + 1;

/**
 * Compares each exposure (the indices of the meals exposed to one food or group, ascending) with the rest of the meals.
 * Compared only with at least MIN_MEALS_COMPARED meals on each side, which depends on meals, never on symptoms.
 * `overlaps` (from `overlapsOf`) says which other exposures share each one's meals.
 */
export function assessExposures(outcomes: readonly MealOutcome[], exposures: readonly (readonly number[])[], overlaps: readonly (readonly Overlap[])[]): Finding[] {
  const symptomaticMeals = outcomes.filter((outcome) => outcome.symptoms.length > 0).length;
  const allSeverities = severityCounts(outcomes, outcomes.map((_, index) => index));
  const exposedSymptomatic = exposures.map((meals) => meals.filter((index) => outcomes[index].symptoms.length > 0));
  const tables = exposures.map(
    (meals, index): ExposureTable => ({
      with: { meals: meals.length, symptomatic: exposedSymptomatic[index].length },
      without: { meals: outcomes.length - meals.length, symptomatic: symptomaticMeals - exposedSymptomatic[index].length },
    }),
  );
  /**
   * The Fisher p, or the exact test stratified by a food sharing at least 20 % of its meals when that is larger:
   * symptoms that another food on the plate explains are not this one's. Monotone: a symptomatic meal without this
   * food raises its stratum's symptomatic margin, which can only raise P(S ≥ s) while s stays; the stratifiers come
   * from meals alone; and a maximum of non-decreasing p-values is non-decreasing.
   */
  const pValueOf = (index: number): number =>
    stratifiers(exposures[index].length, overlaps[index], (other) => exposures[other].length).reduce(
      (p, { other, shared }) => {
        const sharedSymptomatic = sharedMeals(exposedSymptomatic[index], exposedSymptomatic[other]);
        return Math.max(p, exactStratifiedGreater(strataBy(tables[index], tables[other], shared, sharedSymptomatic)));
      },
      fisherExactGreater(tables[index]),
    );
  const compared = exposures.map((meals, index) => {
    const table = tables[index];
    const tested = table.with.meals >= MIN_MEALS_COMPARED && table.without.meals >= MIN_MEALS_COMPARED;
    const exposedSeverities = severityCounts(outcomes, meals);
    const tallies: RankTally[] = exposedSeverities.map((x, score) => ({ x, y: allSeverities[score] - x }));
    return {
      table,
      p: tested ? pValueOf(index) : null,
      // Without tie correction the variance depends on the group sizes alone, so this p only rises when symptoms are added to other meals (monotone levels).
      severityP: tested ? mannWhitneyGreaterFromTallies(tallies, { tieCorrection: false }) : null,
    };
  });
  const testedP = compared.flatMap(({ p }) => (p === null ? [] : [p]));
  const qValues = benjaminiHochberg(testedP);
  let testedIndex = 0;
  return compared.map(({ table, p, severityP }): Finding => {
    const rate = table.with.meals > 0 ? table.with.symptomatic / table.with.meals : null;
    const baselineRate = table.without.meals > 0 ? table.without.symptomatic / table.without.meals : null;
    const base = { pValue: p, baselineRate, exposures: table, correlationRate: rate };
    if (p === null || severityP === null || rate === null || baselineRate === null) return { ...base, evidence: 'not_enough_data', qValue: null };
    const qValue = qValues[testedIndex];
    testedIndex += 1;
    return { ...base, evidence: evidenceLevel({ p, severityP, tested: testedP.length, rate, baselineRate }), qValue };
  });
}

/**
 * An exposure's meals split by another exposure's presence: the meals with the other one, and those without it.
 * `shared` meals hold both, `sharedSymptomatic` of them followed by symptoms.
 */
function strataBy(table: ExposureTable, other: ExposureTable, shared: number, sharedSymptomatic: number): ExposureTable[] {
  const alone = { meals: table.with.meals - shared, symptomatic: table.with.symptomatic - sharedSymptomatic };
  return [
    { with: { meals: shared, symptomatic: sharedSymptomatic }, without: { meals: other.with.meals - shared, symptomatic: other.with.symptomatic - sharedSymptomatic } },
    { with: alone, without: { meals: other.without.meals - alone.meals, symptomatic: other.without.symptomatic - alone.symptomatic } },
  ];
}

/** How many of the given meals had each worst severity score (index = score). */
function severityCounts(outcomes: readonly MealOutcome[], meals: readonly number[]): number[] {
  const counts = new Array<number>(SEVERITY_LEVELS).fill(0);
  for (const index of meals) counts[outcomes[index].worstSeverity] += 1;
  return counts;
}
