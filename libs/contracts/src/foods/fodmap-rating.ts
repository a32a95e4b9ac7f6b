/**
 * Per-serving FODMAP rating.
 *
 * Cut-offs are the published per-serving thresholds of Varney et al. 2017,
 * J Gastroenterol Hepatol 32 Suppl 1:53-61 (doi:10.1111/jgh.13698): a food is
 * "low FODMAP" at a serving when every FODMAP group is at or below its cut-off.
 *
 * Pure TypeScript, no runtime imports: shared by the catalogue build script,
 * the data tests and any app code.
 */

/** Grams per serving (Varney 2017). */
export const FODMAP_CUTOFFS = {
  /** fructans + galacto-oligosaccharides, core grain products, legumes, nuts and seeds */
  oligosaccharidesGrainLegumeNut: 0.3,
  /** fructans + galacto-oligosaccharides, all other foods */
  oligosaccharidesOther: 0.2,
  /** fructose in excess of glucose */
  excessFructose: 0.15,
  /** fructose in excess of glucose when it is the only FODMAP present */
  excessFructoseOnly: 0.4,
  sorbitol: 0.2,
  mannitol: 0.2,
  /** sorbitol + mannitol + xylitol */
  totalPolyols: 0.4,
  lactose: 1.0,
} as const;

/**
 * Medium band: worst group above its cut-off but at most this multiple of it.
 * Why: one serving just over a threshold is tolerated by many people in re-challenge, so
 * we separate "a little over" (medium, up to 2x) from "well over" (high).
 */
export const MEDIUM_BAND_MULTIPLIER = 2;

export type FodmapRating = 'low' | 'medium' | 'high' | 'unknown';

export type OligoGroup = 'grain_legume_nut' | 'other';

/** Varney 2017: the 0.3 g oligosaccharide cut-off applies to core grain products, legumes, nuts and seeds. */
const GRAIN_LEGUME_NUT_CATEGORIES: ReadonlySet<string> = new Set(['grains_breads', 'legumes', 'nuts_seeds']);

/** Which oligosaccharide cut-off a food is held to, from its catalogue category (or, for a private food, its type). */
export function oligoGroupOf(food: { category: string | null; foodType?: string | null }): OligoGroup {
  if (food.category) return GRAIN_LEGUME_NUT_CATEGORIES.has(food.category) ? 'grain_legume_nut' : 'other';
  return food.foodType === 'grain' ? 'grain_legume_nut' : 'other';
}

/** FODMAP components in g per 100 g of food; null = not measured / unknown (never 0 for unknown). */
export interface FodmapComponents {
  fructans: number | null;
  galactans: number | null;
  excessFructose: number | null;
  sorbitol: number | null;
  mannitol: number | null;
  xylitol: number | null;
  lactose: number | null;
}

/** A food of which no FODMAP component has been measured: the starting point before sources fill components in. */
export const UNMEASURED_COMPONENTS: Readonly<FodmapComponents> = Object.freeze({
  fructans: null,
  galactans: null,
  excessFructose: null,
  sorbitol: null,
  mannitol: null,
  xylitol: null,
  lactose: null,
});

export const FODMAP_COMPONENT_KEYS = [
  'fructans',
  'galactans',
  'excessFructose',
  'sorbitol',
  'mannitol',
  'xylitol',
  'lactose',
] as const satisfies readonly (keyof FodmapComponents)[];

/** The groups a cut-off applies to. */
export type FodmapGroup = 'oligosaccharides' | 'excessFructose' | 'sorbitol' | 'mannitol' | 'totalPolyols' | 'lactose';

/** The components each cut-off group adds up, e.g. oligosaccharides = fructans + galactans. */
export const FODMAP_GROUP_COMPONENTS: Readonly<Record<FodmapGroup, readonly (keyof FodmapComponents)[]>> = {
  oligosaccharides: ['fructans', 'galactans'],
  excessFructose: ['excessFructose'],
  sorbitol: ['sorbitol'],
  mannitol: ['mannitol'],
  totalPolyols: ['sorbitol', 'mannitol', 'xylitol'],
  lactose: ['lactose'],
};

export interface GroupAssessment {
  group: FodmapGroup;
  /** grams in the serving; for a partly unknown group this is a lower bound */
  grams: number | null;
  cutoff: number;
  /** true when every component of the group is known */
  complete: boolean;
}

export interface ServingRating {
  rating: FodmapRating;
  /** groups above their cut-off (known for certain, even if other groups are unknown) */
  exceeded: FodmapGroup[];
  /** groups whose amount could not be determined */
  unknownGroups: FodmapGroup[];
  /** worst known grams / cut-off ratio (0 when nothing is known) */
  worstRatio: number;
  /**
   * The least rating the known values prove: 'high' / 'medium' when a known (lower-bound) amount already
   * exceeds a cut-off, 'low' when nothing known exceeds. Equals `rating` whenever `rating` is not 'unknown'.
   */
  minimumRating: Exclude<FodmapRating, 'unknown'>;
  groups: GroupAssessment[];
}

function sumKnown(values: (number | null)[]): { total: number; complete: boolean } {
  let total = 0;
  let complete = true;
  for (const v of values) {
    if (v === null || v === undefined || Number.isNaN(v)) complete = false;
    else total += v;
  }
  return { total, complete };
}

function round4(n: number): number {
  return Math.round(n * 10000) / 10000;
}

/**
 * Rate one serving.
 *
 * Rule:
 * - every group known and <= its cut-off: low;
 * - worst group > cut-off and <= 2x cut-off: medium; > 2x: high (MEDIUM_BAND_MULTIPLIER);
 * - unknown components: an exceedance found in the known part is a lower bound, so "high"
 *   can still be concluded; anything else (low or medium) is not proven while a group is
 *   unknown, so the result is 'unknown' and the caller must fall back to a categorical
 *   source. Components that are absent by composition must be passed as 0, not null.
 * - excess fructose uses the 0.4 g cut-off only when every other component is known to be 0.
 * - `minimumRating` reports what the known values prove even when `rating` is 'unknown'
 *   (e.g. measured fructans alone over the cut-off prove at least 'medium').
 */
export function rateServing(components: FodmapComponents, servingGrams: number, oligoGroup: OligoGroup): ServingRating {
  if (!(servingGrams > 0)) throw new Error(`servingGrams must be positive, got ${servingGrams}`);
  const per = (v: number | null) => (v === null || v === undefined ? null : (v * servingGrams) / 100);
  const perRounded = (v: number | null) => {
    const grams = per(v);
    return grams === null ? null : round4(grams);
  };
  const c = components;

  const oligo = sumKnown([per(c.fructans), per(c.galactans)]);
  const polyols = sumKnown([per(c.sorbitol), per(c.mannitol), per(c.xylitol)]);
  const othersAllZero = [c.fructans, c.galactans, c.sorbitol, c.mannitol, c.xylitol, c.lactose].every((v) => v === 0);

  const groups: GroupAssessment[] = [
    {
      group: 'oligosaccharides',
      grams: oligo.complete || oligo.total > 0 ? round4(oligo.total) : null,
      cutoff:
        oligoGroup === 'grain_legume_nut'
          ? FODMAP_CUTOFFS.oligosaccharidesGrainLegumeNut
          : FODMAP_CUTOFFS.oligosaccharidesOther,
      complete: oligo.complete,
    },
    {
      group: 'excessFructose',
      grams: perRounded(c.excessFructose),
      cutoff: othersAllZero ? FODMAP_CUTOFFS.excessFructoseOnly : FODMAP_CUTOFFS.excessFructose,
      complete: c.excessFructose !== null,
    },
    {
      group: 'sorbitol',
      grams: perRounded(c.sorbitol),
      cutoff: FODMAP_CUTOFFS.sorbitol,
      complete: c.sorbitol !== null,
    },
    {
      group: 'mannitol',
      grams: perRounded(c.mannitol),
      cutoff: FODMAP_CUTOFFS.mannitol,
      complete: c.mannitol !== null,
    },
    {
      group: 'totalPolyols',
      grams: polyols.complete || polyols.total > 0 ? round4(polyols.total) : null,
      cutoff: FODMAP_CUTOFFS.totalPolyols,
      complete: polyols.complete,
    },
    {
      group: 'lactose',
      grams: perRounded(c.lactose),
      cutoff: FODMAP_CUTOFFS.lactose,
      complete: c.lactose !== null,
    },
  ];

  let worstRatio = 0;
  const exceeded: FodmapGroup[] = [];
  const unknownGroups: FodmapGroup[] = [];
  for (const g of groups) {
    if (!g.complete) unknownGroups.push(g.group);
    if (g.grams === null) continue;
    const ratio = g.grams / g.cutoff;
    if (ratio > worstRatio) worstRatio = ratio;
    if (g.grams > g.cutoff + 1e-9) exceeded.push(g.group);
  }
  worstRatio = round4(worstRatio);

  const minimumRating: Exclude<FodmapRating, 'unknown'> =
    worstRatio > MEDIUM_BAND_MULTIPLIER + 1e-9 ? 'high' : exceeded.length > 0 ? 'medium' : 'low';
  const rating: FodmapRating = minimumRating === 'high' || unknownGroups.length === 0 ? minimumRating : 'unknown';

  return { rating, minimumRating, exceeded, unknownGroups, worstRatio, groups };
}
