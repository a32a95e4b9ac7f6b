/**
 * FODMAP components a food's composition proves (issue 10, faults 4 and 6), the groups behind a component-based rating
 * and the portion guide components give. Pure functions.
 */
import {
  FODMAP_COMPONENT_KEYS,
  FODMAP_CUTOFFS,
  FODMAP_GROUP_COMPONENTS,
  MEDIUM_BAND_MULTIPLIER,
  rateServing,
  type FodmapComponents,
  type FodmapTriggerGroup,
  type OligoGroup,
  type ServingRating,
} from '@fodmap/contracts';

/**
 * Uncertainty of USDA fructose − glucose, g/100 g: 0.1 g absolute plus 10 % of the larger sugar. Why: the two sugars are
 * separate analyses, each reported to 0.01 g but varying with variety, ripeness and storage by several percent (USDA's
 * own sample ranges for fruit sugars often span 10-20 %), and a difference of two such numbers keeps both errors.
 */
export const FRUCTOSE_UNCERTAINTY = { absolute: 0.1, relative: 0.1 } as const;

export type Band = 'low' | 'medium' | 'high';

/** The band a group's grams per serving fall in for a cut-off (medium up to MEDIUM_BAND_MULTIPLIER × the cut-off). */
export function bandOf(grams: number, cutoff: number): Band {
  if (grams <= cutoff + 1e-9) return 'low';
  return grams <= cutoff * MEDIUM_BAND_MULTIPLIER + 1e-9 ? 'medium' : 'high';
}

export interface FructoseEstimate {
  /** fructose − glucose, g/100 g, at least 0 */
  estimate: number;
  /** ± g/100 g */
  uncertainty: number;
  /** grams per serving at both ends of the interval */
  servingLow: number;
  servingHigh: number;
  cutoff: number;
  /** the whole interval falls in one band: the estimate may be used as the component */
  clear: boolean;
}

/**
 * Excess fructose from USDA sugars with its uncertainty. The estimate decides only when the whole interval
 * [e − u, e + u] × S/100 falls in one band at our serving S; otherwise it stays an estimate (fault 6).
 * `onlyFodmap`: every other component is known to be 0, so the 0.4 g cut-off applies (Varney 2017).
 */
export function excessFructoseEstimate(fructose: number, glucose: number, servingGrams: number, onlyFodmap: boolean): FructoseEstimate {
  const estimate = Math.max(0, fructose - glucose);
  const uncertainty = FRUCTOSE_UNCERTAINTY.absolute + FRUCTOSE_UNCERTAINTY.relative * Math.max(fructose, glucose);
  const perServing = (per100: number) => (Math.max(0, per100) * servingGrams) / 100;
  const servingLow = perServing(fructose - glucose - uncertainty);
  const servingHigh = perServing(fructose - glucose + uncertainty);
  const cutoff = onlyFodmap ? FODMAP_CUTOFFS.excessFructoseOnly : FODMAP_CUTOFFS.excessFructose;
  return { estimate: round(estimate, 3), uncertainty: round(uncertainty, 3), servingLow, servingHigh, cutoff, clear: bandOf(servingLow, cutoff) === bandOf(servingHigh, cutoff) };
}

/**
 * Plain dairy whose lactose USDA did not analyse: total carbohydrate is an upper bound of its lactose. It proves low
 * when the food is low with the bound standing in for lactose; it never proves medium or high, and it is never stored
 * as the lactose value (fault 4). Returns the rating the bound proves: 'low' or null.
 */
export function lowByLactoseUpperBound(components: FodmapComponents, upperBound: number, servingGrams: number, oligoGroup: OligoGroup): 'low' | null {
  if (components.lactose !== null) return null;
  return rateServing({ ...components, lactose: upperBound }, servingGrams, oligoGroup).rating === 'low' ? 'low' : null;
}

/** The FODMAP groups over their cut-off in a rating, worst first, named by the components present (> 0). */
export function groupsOverCutoff(r: ServingRating, components: FodmapComponents): FodmapTriggerGroup[] {
  const over = r.groups
    .filter((g) => g.grams !== null && g.grams > g.cutoff + 1e-9)
    .sort((a, b) => b.grams! / b.cutoff - a.grams! / a.cutoff || a.group.localeCompare(b.group));
  const named = over.flatMap((g) => FODMAP_GROUP_COMPONENTS[g.group].filter((c) => (components[c] ?? 0) > 0));
  return [...new Set(named)];
}

/** Above this a portion guide says nothing useful ('low up to 833 g' of cheddar): nobody eats that much at once. */
const PORTION_LIMIT_GRAMS = 500;

/**
 * The portion guide measured components give when every group is known: the largest whole grams still low and the
 * smallest at which the food is high. FODMAP grams grow in proportion to the amount, so both follow from one serving.
 */
export function portionFromComponents(components: FodmapComponents, oligoGroup: OligoGroup): { lowUpToGrams: number | null; highFromGrams: number | null } | null {
  if (FODMAP_COMPONENT_KEYS.some((c) => components[c] === null)) return null;
  const ratio100 = rateServing(components, 100, oligoGroup).worstRatio;
  if (ratio100 <= 0) return null;
  let low = Math.floor(100 / ratio100);
  while (low > 0 && rateServing(components, low, oligoGroup).rating !== 'low') low--;
  let high = Math.max(1, Math.floor((100 * MEDIUM_BAND_MULTIPLIER) / ratio100));
  while (rateServing(components, high, oligoGroup).rating !== 'high') high++;
  const lowUpToGrams = low > 0 && low <= PORTION_LIMIT_GRAMS ? low : null;
  const highFromGrams = high <= PORTION_LIMIT_GRAMS ? high : null;
  return lowUpToGrams === null && highFromGrams === null ? null : { lowUpToGrams, highFromGrams };
}

export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
