import { FODMAP_COMPONENT_KEYS, FODMAP_CUTOFFS, FODMAP_INSIGHT_GROUPS, type FodmapComponents, type FodmapTriggerGroup, type InsightGroup, type MealFood, OTHER_TRIGGER_GROUPS } from '@fodmap/contracts';
import type { HistoryMeal } from './history';

export type FodmapInsightGroup = (typeof FODMAP_INSIGHT_GROUPS)[number];

/** How a meal came to count as exposed to a group: its measured grams reach the cut-off, or a food's trigger type says so. */
export type ExposureBasis = 'measured' | 'inferred';

/** The components each FODMAP group is measured by. */
const GROUP_COMPONENTS: Record<FodmapInsightGroup, readonly (keyof FodmapComponents)[]> = {
  fructans: ['fructans'],
  galactans: ['galactans'],
  lactose: ['lactose'],
  excessFructose: ['excessFructose'],
  polyols: ['sorbitol', 'mannitol'],
};

/** The food's FODMAP groups (issue 10) that make up each insight group. */
const NAMED_GROUPS: Record<FodmapInsightGroup, readonly FodmapTriggerGroup[]> = {
  fructans: ['fructans'],
  galactans: ['galactans'],
  lactose: ['lactose'],
  excessFructose: ['excessFructose'],
  polyols: ['sorbitol', 'mannitol', 'xylitol'],
};

/** The catalogue's ibsTriggerType (underscore words) for each FODMAP group: what entries logged before issue 10 name. */
const TRIGGER_TYPES: Record<FodmapInsightGroup, string> = {
  fructans: 'fructans',
  galactans: 'galactans',
  lactose: 'lactose',
  excessFructose: 'excess_fructose',
  polyols: 'polyols',
};

type OtherTrigger = (typeof OTHER_TRIGGER_GROUPS)[number];
const OTHER_TRIGGERS: ReadonlySet<string> = new Set(OTHER_TRIGGER_GROUPS);
const isOtherTrigger = (type: string | null): type is OtherTrigger => type !== null && OTHER_TRIGGERS.has(type);

/** A meal's grams of each component, and whether a food outside grains, legumes and nuts brought oligosaccharides. */
interface MealGrams {
  grams: Record<keyof FodmapComponents, number>;
  otherOligoSource: Record<'fructans' | 'galactans', boolean>;
}

/**
 * The groups one meal is exposed to. Measured: the meal's grams of the group (g/100 g × grams eaten, summed over the
 * entries whose weight and component are known) reach the per-serving cut-off of Varney et al. 2017. Inferred: an
 * entry's food names the group behind its rating (or, logged before issue 10, as its trigger), its amount of the group is unknown, and it is rated medium or high at
 * the amount eaten. The catalogue's other triggers (fatty, spicy, …) are only ever inferred, whenever such a food is eaten.
 */
export function groupExposures(meal: HistoryMeal): Map<InsightGroup, ExposureBasis> {
  const sums = mealGrams(meal.foods);
  const exposures = new Map<InsightGroup, ExposureBasis>();
  for (const group of FODMAP_INSIGHT_GROUPS) {
    if (measuredOver(group, sums)) exposures.set(group, 'measured');
    else if (meal.foods.some((entry) => inferred(group, entry))) exposures.set(group, 'inferred');
  }
  for (const { food } of meal.foods) {
    if (isOtherTrigger(food.ibsTriggerType)) exposures.set(food.ibsTriggerType, 'inferred');
  }
  return exposures;
}

function mealGrams(entries: readonly MealFood[]): MealGrams {
  const sums: MealGrams = {
    grams: { fructans: 0, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0 },
    otherOligoSource: { fructans: false, galactans: false },
  };
  for (const { food, grams } of entries) {
    if (grams === null) continue;
    for (const component of FODMAP_COMPONENT_KEYS) {
      const per100 = food[component];
      if (per100 === null || per100 <= 0) continue;
      sums.grams[component] += (per100 * grams) / 100;
      if ((component === 'fructans' || component === 'galactans') && food.oligoGroup !== 'grain_legume_nut') sums.otherOligoSource[component] = true;
    }
  }
  return sums;
}

function measuredOver(group: FodmapInsightGroup, { grams, otherOligoSource }: MealGrams): boolean {
  switch (group) {
    case 'fructans':
    case 'galactans':
      // Each is held to the oligosaccharide cut-off: 0.3 g when only grains, legumes and nuts bring it, else 0.2 g.
      return grams[group] > 0 && grams[group] >= (otherOligoSource[group] ? FODMAP_CUTOFFS.oligosaccharidesOther : FODMAP_CUTOFFS.oligosaccharidesGrainLegumeNut);
    case 'lactose':
      return grams.lactose >= FODMAP_CUTOFFS.lactose;
    case 'excessFructose':
      return grams.excessFructose >= FODMAP_CUTOFFS.excessFructose;
    case 'polyols':
      return grams.sorbitol >= FODMAP_CUTOFFS.sorbitol || grams.mannitol >= FODMAP_CUTOFFS.mannitol || grams.sorbitol + grams.mannitol + grams.xylitol >= FODMAP_CUTOFFS.totalPolyols;
  }
}

/** Whether the food names the group behind its rating: every group it names, else (older entries) its one trigger type. */
function names(group: FodmapInsightGroup, food: MealFood['food']): boolean {
  if (food.fodmapGroups) return food.fodmapGroups.some((named) => NAMED_GROUPS[group].includes(named));
  return food.ibsTriggerType === TRIGGER_TYPES[group];
}

function inferred(group: FodmapInsightGroup, entry: MealFood): boolean {
  if (!names(group, entry.food)) return false;
  if (entry.ratingAtQuantity !== 'medium' && entry.ratingAtQuantity !== 'high') return false;
  return entry.grams === null || GROUP_COMPONENTS[group].some((component) => entry.food[component] === null);
}
