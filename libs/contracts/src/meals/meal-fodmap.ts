/**
 * The FODMAP arithmetic of a meal and a day, shared by the journal (what it stores and answers), the phone's meal
 * builder (the preview before saving) and the insights: one definition of every score.
 */
import type { Food } from '../foods/food';
import { FODMAP_GROUP_LABELS } from '../foods/fodmap-group-labels';
import { FODMAP_CUTOFFS, FODMAP_GROUP_COMPONENTS, type FodmapGroup, type FodmapRating, oligoGroupOf, rateServing } from '../foods/fodmap-rating';
import { DAY_SCORE_BANDS } from './day-score-bands';
import type { DayScoreBand, FoodSnapshot, Meal, MealFood, MealScoreBand, StackedGroup, Stacking } from './meal';
import { caloriesEaten, servingsEaten } from './serving-units';

/** What a meal keeps of a food when it is added: the food as it is now, which later corrections never rewrite. */
export function foodSnapshotOf(food: Food): FoodSnapshot {
  return {
    id: food.id,
    name: food.name,
    fodmapRating: food.fodmapRating,
    servingSize: food.servingSize,
    servingGrams: food.servingGrams,
    caloriesPerServing: food.caloriesPerServing,
    foodType: food.foodType,
    oligoGroup: oligoGroupOf(food),
    ibsTriggerType: food.ibsTriggerType,
    fructans: food.fructans,
    galactans: food.galactans,
    excessFructose: food.excessFructose,
    sorbitol: food.sorbitol,
    mannitol: food.mannitol,
    xylitol: food.xylitol,
    lactose: food.lactose,
    lowUpToGrams: food.portion?.lowUpToGrams ?? null,
    highFromGrams: food.portion?.highFromGrams ?? null,
    checkLabel: food.checkLabel,
    fodmapGroups: food.fodmapGroups,
  };
}

/**
 * The rating at the amount eaten. A catalogue rating holds at the food's serving, not at any portion:
 * - with measured components, the amount itself is rated against the cut-offs (a pinch of a high food can be low);
 * - with the food's portion guide (the servings its sources tested): low up to the largest serving shown low, high
 *   from the smallest shown high, and medium between them (more than a serving shown low is no longer low);
 * - up to one serving, the food's rating stands (less of a food never has more FODMAP);
 * - above one serving, 'medium' and 'high' stand as the least it is, but 'low' is no longer shown: 'unknown'.
 */
export function entryRating(food: FoodSnapshot, grams: number | null, servings: number | null): FodmapRating {
  if (grams !== null && grams > 0) {
    const measured = rateServing(food, grams, food.oligoGroup);
    if (measured.rating !== 'unknown') return measured.rating;
    const { lowUpToGrams, highFromGrams } = food;
    if (highFromGrams && grams >= highFromGrams) return 'high';
    if (lowUpToGrams && grams <= lowUpToGrams) return 'low';
    if (lowUpToGrams) return food.fodmapRating === 'high' && servings !== null && servings >= 1 - 1e-9 ? 'high' : 'medium';
  }
  if (food.fodmapRating === 'unknown') return 'unknown';
  if (servings !== null && servings <= 1 + 1e-9) return food.fodmapRating;
  return food.fodmapRating === 'low' ? 'unknown' : food.fodmapRating;
}

/**
 * Spec §4: FODMAP risk 0-100 = 50 per share of medium foods + 100 per share of high foods, over the foods whose
 * rating is known; unknown ones are counted apart and never as low. Null when no food is rated.
 */
export function fodmapRisk(ratings: readonly FodmapRating[]): { risk: number | null; unknown: number } {
  const { exact, unknown } = exactRisk(ratings);
  return { risk: exact === null ? null : Math.round(exact), unknown };
}

function exactRisk(ratings: readonly FodmapRating[]): { exact: number | null; unknown: number } {
  const rated = ratings.filter((rating) => rating !== 'unknown');
  const unknown = ratings.length - rated.length;
  if (rated.length === 0) return { exact: null, unknown };
  const weight = rated.reduce((sum, rating) => sum + (rating === 'high' ? 100 : rating === 'medium' ? 50 : 0), 0);
  return { exact: weight / rated.length, unknown };
}

/** Spec §4 meal score bands, by upper bound. */
export const MEAL_SCORE_BANDS: readonly { band: MealScoreBand; upTo: number; color: 'green' | 'yellow' | 'orange' | 'red'; label: string }[] = [
  { band: 'low', upTo: 20, color: 'green', label: 'Mostly low FODMAP foods' },
  { band: 'medium', upTo: 40, color: 'yellow', label: 'Medium FODMAP foods' },
  { band: 'notable', upTo: 70, color: 'orange', label: 'Notable medium/high FODMAP content' },
  { band: 'high', upTo: 100, color: 'red', label: 'Significant high FODMAP foods' },
];
export const MEAL_BAND_NONE = { band: 'none', color: 'grey', label: 'No foods' } as const;
export const MEAL_BAND_UNKNOWN = { band: 'unknown', color: 'grey', label: 'FODMAP content unknown' } as const;

export function mealScoreBand(foodCount: number, risk: number | null): MealScoreBand {
  if (foodCount === 0) return 'none';
  if (risk === null) return 'unknown';
  return (MEAL_SCORE_BANDS.find(({ upTo }) => risk <= upTo) ?? MEAL_SCORE_BANDS[MEAL_SCORE_BANDS.length - 1]).band;
}

/** How a band is shown: its colour and the spec's words. */
export function mealBandInfo(band: MealScoreBand): { color: 'green' | 'yellow' | 'orange' | 'red' | 'grey'; label: string } {
  if (band === 'none') return MEAL_BAND_NONE;
  if (band === 'unknown') return MEAL_BAND_UNKNOWN;
  return MEAL_SCORE_BANDS.find((candidate) => candidate.band === band) ?? MEAL_BAND_UNKNOWN;
}

/** The groups named in the plural ('fructans and GOS … add up'); the others are one substance ('lactose adds up'). */
const PLURAL_GROUPS: ReadonlySet<FodmapGroup> = new Set(['oligosaccharides', 'totalPolyols']);

/** A meal's FODMAP risk as people read it, in the app and the emails alike (issue 18). */
export interface MealRiskSummary {
  /** what makes the meal risky, said before any band: its high foods at the amounts eaten, then the groups its foods stack over a cut-off */
  lead: string[];
  /** 'FODMAP risk 75 · Significant high FODMAP foods'; the band's words alone when no food is rated */
  band: string;
  color: 'green' | 'yellow' | 'orange' | 'red' | 'grey';
}

/**
 * Spec §4's figure is a risk (0 mostly low, higher worse), so it is always called one: never a score, which the day's
 * runs the other way. High foods and stacked groups come first, since a band averages them away (garlic among lows).
 */
export function mealRiskSummary(meal: Pick<Meal, 'foods' | 'fodmapScore' | 'fodmapBand' | 'stacking'>): MealRiskSummary {
  const high = [...new Set(meal.foods.filter((entry) => entry.ratingAtQuantity === 'high').map((entry) => entry.food.name))];
  const { stacked } = meal.stacking;
  const lead = [
    // Semicolons: catalogue names hold commas ('Garlic, raw').
    ...(high.length === 0 ? [] : [`High: ${high.join('; ')}`]),
    ...(stacked.length === 0 ? [] : [stackedWords(stacked)]),
  ];
  const { color, label } = mealBandInfo(meal.fodmapBand);
  return { lead, band: meal.fodmapScore === null ? label : `FODMAP risk ${meal.fodmapScore} · ${label}`, color };
}

function stackedWords(groups: readonly FodmapGroup[]): string {
  const names = groups.map((group) => FODMAP_GROUP_LABELS[group]);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const verb = groups.length === 1 && !PLURAL_GROUPS.has(groups[0]) ? 'adds' : 'add';
  return `${listed.charAt(0).toUpperCase()}${listed.slice(1)} ${verb} up over the limit`;
}

/** The dashboard's todayScore: 100 minus the day's FODMAP risk over all its foods; null when none is rated. */
export function dayScore(ratings: readonly FodmapRating[]): { score: number | null; band: DayScoreBand | null; unknown: number } {
  const { exact, unknown } = exactRisk(ratings);
  if (exact === null) return { score: null, band: null, unknown };
  // 100 minus the risk as insights round it, so that a day reads the same on both screens.
  const score = 100 - Math.round(exact);
  return { score, band: (DAY_SCORE_BANDS.find(({ from }) => score >= from) ?? DAY_SCORE_BANDS[DAY_SCORE_BANDS.length - 1]).band, unknown };
}

/** One food of a meal as stacking sees it. */
export interface StackingEntry {
  food: FoodSnapshot;
  grams: number | null;
}


function groupCutoff(group: FodmapGroup, entries: readonly StackingEntry[]): number {
  switch (group) {
    case 'oligosaccharides':
      // The 0.3 g cut-off is for grains, legumes and nuts: a meal holds to it only when all of its oligosaccharides come from them.
      return entries.every(({ food }) => food.oligoGroup === 'grain_legume_nut' || (food.fructans ?? 0) + (food.galactans ?? 0) === 0)
        ? FODMAP_CUTOFFS.oligosaccharidesGrainLegumeNut
        : FODMAP_CUTOFFS.oligosaccharidesOther;
    case 'excessFructose':
      return FODMAP_CUTOFFS.excessFructose;
    case 'sorbitol':
      return FODMAP_CUTOFFS.sorbitol;
    case 'mannitol':
      return FODMAP_CUTOFFS.mannitol;
    case 'totalPolyols':
      return FODMAP_CUTOFFS.totalPolyols;
    case 'lactose':
      return FODMAP_CUTOFFS.lactose;
  }
}

/**
 * FODMAP stacking (issue 7): each group's grams summed over the foods eaten together, against the per-serving
 * cut-off (Varney et al. 2017). Excess fructose is summed as each food's excess, an upper bound, since one food's
 * glucose can absorb another's fructose. A food whose weight or a group's components are unknown adds nothing to
 * that group and is counted in `unknownFoods`, so a partly known meal never claims to be low.
 */
export function stackMeal(entries: readonly StackingEntry[]): Stacking {
  const groups: StackedGroup[] = (Object.keys(FODMAP_GROUP_COMPONENTS) as FodmapGroup[]).map((group) => {
    const grams = entries.reduce((sum, { food, grams: eaten }) => {
      if (eaten === null) return sum;
      return sum + FODMAP_GROUP_COMPONENTS[group].reduce((inner, key) => inner + ((food[key] ?? 0) * eaten) / 100, 0);
    }, 0);
    const cutoff = groupCutoff(group, entries);
    return { group, grams: round3(grams), cutoff, over: grams > cutoff + 1e-9 };
  });
  const singleOver = (group: FodmapGroup) =>
    entries.some(({ food, grams }) => grams !== null && grams > 0 && rateServing(food, grams, food.oligoGroup).exceeded.includes(group));
  const unknownFoods = entries.filter(({ food, grams }) => grams === null || Object.values(FODMAP_GROUP_COMPONENTS).flat().some((key) => food[key] === null)).length;
  return { groups, stacked: groups.filter(({ group, over }) => over && !singleOver(group)).map(({ group }) => group), unknownFoods };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** A meal's food entry as the browser sees it: the amount eaten, rated and counted from the food's snapshot. */
export function mealFoodEntry({ id, quantity, servingUnit, grams, food }: Pick<MealFood, 'id' | 'quantity' | 'servingUnit' | 'grams' | 'food'>): MealFood {
  return {
    id,
    foodId: food.id,
    quantity,
    servingUnit,
    servingSize: food.servingSize,
    fodmapRating: food.fodmapRating,
    ratingAtQuantity: entryRating(food, grams, servingsEaten(food, quantity, servingUnit)),
    grams,
    calories: caloriesEaten(food, quantity, servingUnit),
    food,
  };
}

export type MealScore = Pick<Meal, 'fodmapScore' | 'fodmapBand' | 'unknownFoods' | 'stacking' | 'totalCalories'>;

/** The score (spec §4), stacking and calories of foods eaten together: a saved meal's and the builder's preview alike. */
export function scoreMealFoods(foods: readonly MealFood[]): MealScore {
  const { risk, unknown } = fodmapRisk(foods.map((entry) => entry.ratingAtQuantity));
  const calories = foods.flatMap((entry) => (entry.calories === null ? [] : [entry.calories]));
  return {
    fodmapScore: risk,
    fodmapBand: mealScoreBand(foods.length, risk),
    unknownFoods: unknown,
    stacking: stackMeal(foods.map(({ food, grams }) => ({ food, grams }))),
    totalCalories: calories.length === 0 ? null : calories.reduce((sum, value) => sum + value, 0),
  };
}
