import {
  FODMAP_CUTOFFS,
  oligoGroupOf,
  MEDIUM_BAND_MULTIPLIER,
  rateServing,
  type Food,
  type FodmapComponents,
  type FodmapGroup,
  type GroupAssessment,
} from '@fodmap/contracts';

/** A traffic light; 'unknown' when the amount was not measured or the serving's weight is not stated. */
export type FodmapLevel = 'low' | 'medium' | 'high' | 'unknown';

export type ComponentKey = keyof FodmapComponents;

/** Spec §3: the amount against its cut-off; the medium band is the documented rule of fodmap-rating.ts. */
export function levelOf(grams: number | null, cutoff: number): FodmapLevel {
  if (grams === null) return 'unknown';
  const ratio = grams / cutoff;
  if (ratio > MEDIUM_BAND_MULTIPLIER + 1e-9) return 'high';
  return ratio > 1 + 1e-9 ? 'medium' : 'low';
}

export interface ComponentReading {
  key: ComponentKey;
  label: string;
  per100g: number | null;
  /** grams in one serving; null when not measured or the serving weight is unknown */
  perServing: number | null;
  /** the cut-off this amount alone is held against */
  cutoff: number;
  level: FodmapLevel;
  /** the light was raised to the food's rating: the sources name this component as why the food is medium or high */
  namedByRating: boolean;
}

export interface GroupReading {
  name: 'Oligosaccharides' | 'Disaccharides' | 'Monosaccharides' | 'Polyols';
  /**
   * the group as its cut-offs judge it: summed where the cut-off is for a sum (fructans + GOS, total polyols); never
   * below the food's rating when the rating names one of its components
   */
  level: FodmapLevel;
  components: ComponentReading[];
}

const COMPONENT_LABELS: Record<ComponentKey, string> = {
  fructans: 'Fructans',
  galactans: 'Galactans (GOS)',
  lactose: 'Lactose',
  excessFructose: 'Excess fructose',
  sorbitol: 'Sorbitol',
  mannitol: 'Mannitol',
  xylitol: 'Xylitol',
};

const GROUPS: { name: GroupReading['name']; keys: ComponentKey[]; cutoffGroups: FodmapGroup[] }[] = [
  { name: 'Oligosaccharides', keys: ['fructans', 'galactans'], cutoffGroups: ['oligosaccharides'] },
  { name: 'Disaccharides', keys: ['lactose'], cutoffGroups: ['lactose'] },
  { name: 'Monosaccharides', keys: ['excessFructose'], cutoffGroups: ['excessFructose'] },
  { name: 'Polyols', keys: ['sorbitol', 'mannitol', 'xylitol'], cutoffGroups: ['sorbitol', 'mannitol', 'totalPolyols'] },
];

const LEVEL_ORDER: FodmapLevel[] = ['low', 'unknown', 'medium', 'high'];
const worst = (levels: FodmapLevel[]) => levels.reduce((a, b) => (LEVEL_ORDER.indexOf(b) > LEVEL_ORDER.indexOf(a) ? b : a), 'low');

/**
 * The components a medium or high rating is put down to, with that rating. The rating comes from tested servings where
 * a source tested one, and a measured amount can fall short of it (garlic's fructans: 0.29 g a clove, 'Moderate' against
 * the cut-off, where a source reports a clove tested high): a light never says less than the rating it explains.
 */
function ratingFloor(food: Food): { named: ReadonlySet<ComponentKey>; level: FodmapLevel } {
  const explains = food.fodmapRating === 'medium' || food.fodmapRating === 'high';
  return { named: new Set(explains ? food.fodmapGroups : []), level: food.fodmapRating === 'high' ? 'high' : 'medium' };
}

/** A group's own light: a partly measured group is 'unknown' unless what was measured already exceeds the cut-off. */
function assessmentLevel(assessment: GroupAssessment): FodmapLevel {
  const level = levelOf(assessment.grams, assessment.cutoff);
  return assessment.complete || level === 'medium' || level === 'high' ? level : 'unknown';
}

/** Spec §3 Food: each FODMAP component per 100 g and per serving, with traffic lights against the Varney 2017 cut-offs. */
export function readFodmapGroups(food: Food): GroupReading[] {
  const grams = food.servingGrams;
  const assessment = grams === null ? null : rateServing(food, grams, oligoGroupOf(food));
  const cutoffOf = (group: FodmapGroup) => assessment?.groups.find((g) => g.group === group)?.cutoff ?? FODMAP_CUTOFFS[group === 'oligosaccharides' ? 'oligosaccharidesOther' : group];
  const componentCutoff: Record<ComponentKey, number> = {
    fructans: cutoffOf('oligosaccharides'),
    galactans: cutoffOf('oligosaccharides'),
    lactose: cutoffOf('lactose'),
    excessFructose: cutoffOf('excessFructose'),
    sorbitol: cutoffOf('sorbitol'),
    mannitol: cutoffOf('mannitol'),
    // Xylitol has no cut-off of its own; Varney holds it to the total-polyols one.
    xylitol: cutoffOf('totalPolyols'),
  };

  const floor = ratingFloor(food);

  return GROUPS.map(({ name, keys, cutoffGroups }) => {
    const components = keys.map((key): ComponentReading => {
      const per100g = food[key];
      const perServing = per100g === null || grams === null ? null : (per100g * grams) / 100;
      const measured = levelOf(perServing, componentCutoff[key]);
      const namedByRating = floor.named.has(key);
      const level = namedByRating ? worst([measured, floor.level]) : measured;
      return { key, label: COMPONENT_LABELS[key], per100g, perServing, cutoff: componentCutoff[key], level, namedByRating };
    });
    const groupLevels = assessment ? assessment.groups.filter((g) => cutoffGroups.includes(g.group)).map(assessmentLevel) : ['unknown' as const];
    const named = components.some((component) => component.namedByRating);
    return { name, level: worst(named ? [...groupLevels, floor.level] : groupLevels), components };
  });
}
