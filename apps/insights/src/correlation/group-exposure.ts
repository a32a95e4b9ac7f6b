import { FODMAP_CUTOFFS, FODMAP_INSIGHT_GROUPS, type FodmapComponents, type InsightGroup, type MealFood, OTHER_TRIGGER_GROUPS } from '@fodmap/contracts';
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

/** The catalogue's ibsTriggerType (underscore words) for each FODMAP group. */
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

/**
 * The groups one meal is exposed to. Measured: the meal's grams of the group (g/100 g × grams eaten, summed over the
 * entries whose weight and component are known) reach the per-serving cut-off of Varney et al. 2017. Inferred: an
 * entry's food names the group as its trigger, its amount of the group is unknown, and it is rated medium or high at
 * the amount eaten. The catalogue's other triggers (fatty, spicy, …) are only ever inferred, whenever such a food is eaten.
 */
export function groupExposures(meal: HistoryMeal): Map<InsightGroup, ExposureBasis> {
  const exposures = new Map<InsightGroup, ExposureBasis>();
  for (const group of FODMAP_INSIGHT_GROUPS) {
    if (measuredOver(group, meal.foods)) exposures.set(group, 'measured');
    else if (meal.foods.some((entry) => inferred(group, entry))) exposures.set(group, 'inferred');
  }
  for (const { food } of meal.foods) {
    if (isOtherTrigger(food.ibsTriggerType)) exposures.set(food.ibsTriggerType, 'inferred');
  }
  return exposures;
}

function gramsOf(entries: readonly MealFood[], component: keyof FodmapComponents): { grams: number; contributors: MealFood[] } {
  let grams = 0;
  const contributors: MealFood[] = [];
  for (const entry of entries) {
    const per100 = entry.food[component];
    if (entry.grams === null || per100 === null || per100 <= 0) continue;
    grams += (per100 * entry.grams) / 100;
    contributors.push(entry);
  }
  return { grams, contributors };
}

/** Fructans and galactans are each held to the oligosaccharide cut-off: 0.3 g when only grains, legumes and nuts bring them. */
function oligosaccharideCutoff(contributors: readonly MealFood[]): number {
  return contributors.every(({ food }) => food.oligoGroup === 'grain_legume_nut') ? FODMAP_CUTOFFS.oligosaccharidesGrainLegumeNut : FODMAP_CUTOFFS.oligosaccharidesOther;
}

function measuredOver(group: FodmapInsightGroup, entries: readonly MealFood[]): boolean {
  switch (group) {
    case 'fructans':
    case 'galactans': {
      const { grams, contributors } = gramsOf(entries, group);
      return contributors.length > 0 && grams >= oligosaccharideCutoff(contributors);
    }
    case 'lactose':
      return gramsOf(entries, 'lactose').grams >= FODMAP_CUTOFFS.lactose;
    case 'excessFructose':
      return gramsOf(entries, 'excessFructose').grams >= FODMAP_CUTOFFS.excessFructose;
    case 'polyols': {
      const sorbitol = gramsOf(entries, 'sorbitol').grams;
      const mannitol = gramsOf(entries, 'mannitol').grams;
      const xylitol = gramsOf(entries, 'xylitol').grams;
      return sorbitol >= FODMAP_CUTOFFS.sorbitol || mannitol >= FODMAP_CUTOFFS.mannitol || sorbitol + mannitol + xylitol >= FODMAP_CUTOFFS.totalPolyols;
    }
  }
}

function inferred(group: FodmapInsightGroup, entry: MealFood): boolean {
  if (entry.food.ibsTriggerType !== TRIGGER_TYPES[group]) return false;
  if (entry.ratingAtQuantity !== 'medium' && entry.ratingAtQuantity !== 'high') return false;
  return entry.grams === null || GROUP_COMPONENTS[group].some((component) => entry.food[component] === null);
}
