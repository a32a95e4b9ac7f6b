import type { FodmapTriggerGroup, FoodType } from '../foods/food';
import type { FodmapComponents, FodmapGroup, FodmapRating, OligoGroup } from '../foods/fodmap-rating';
import type { Symptom } from '../symptoms/symptom';

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

/** Spec §5, §9: quantity at least 0.1 in steps of 0.1, default 1. The top leaves room for grams (a 2 kg roast). */
export const MEAL_FOOD_QUANTITY = { min: 0.1, step: 0.1, default: 1, max: 5000 } as const;
export const SERVING_UNIT_MAX_LENGTH = 40;
/** The units every food takes besides its own: the food's whole serving, and grams. */
export const SERVING = 'serving';
export const GRAMS = 'g';

/**
 * What a person ate, as the food was when they logged it: later catalogue corrections never rewrite it, and the
 * insights work from it alone. Components are g per 100 g as the catalogue had them (null = not measured).
 */
export interface FoodSnapshot extends FodmapComponents {
  id: number;
  name: string;
  /** the food's rating at its own serving */
  fodmapRating: FodmapRating;
  servingSize: string | null;
  servingGrams: number | null;
  caloriesPerServing: number | null;
  foodType: FoodType;
  /** which oligosaccharide cut-off the food is held to */
  oligoGroup: OligoGroup;
  /** the catalogue's named trigger, e.g. 'fructans' for garlic: the group behind a rating whose grams are unknown */
  ibsTriggerType: string | null;
  /** the largest amount a source showed low, in grams (the food's portion guide); absent on entries logged before it */
  lowUpToGrams?: number | null;
  /** the smallest amount a source showed high, in grams */
  highFromGrams?: number | null;
  /** a mixed food whose FODMAPs depend on its recipe (rating 'unknown'): the person is asked to check the label */
  checkLabel?: boolean;
  /** the FODMAP groups behind a medium or high rating, which insights attribute symptoms to; absent before issue 10 */
  fodmapGroups?: FodmapTriggerGroup[];
}

/** Spec §3 meal food entry. */
export interface MealFood {
  /** the entry's id: DELETE /api/meals/:id/foods/:entryId */
  id: number;
  foodId: number;
  quantity: number;
  servingUnit: string;
  servingSize: string | null;
  /** the food's rating at its own serving (spec §3) */
  fodmapRating: FodmapRating;
  /** the rating at the amount eaten, which the scores use: see `entryRating` */
  ratingAtQuantity: FodmapRating;
  /** the amount eaten in grams; null when the food states no weight and the unit is not grams */
  grams: number | null;
  /** for the amount eaten; null when the food states none */
  calories: number | null;
  food: FoodSnapshot;
}

/** Spec §4 meal score bands; 'none' is a meal with no foods, 'unknown' one whose every food's rating is unknown. */
export type MealScoreBand = 'low' | 'medium' | 'notable' | 'high' | 'none' | 'unknown';

/** One FODMAP group summed over a meal's foods, against its per-serving cut-off. */
export interface StackedGroup {
  group: FodmapGroup;
  grams: number;
  cutoff: number;
  /** grams > cutoff */
  over: boolean;
}

/** Issue 7 "FODMAP stacking": what a meal's foods add up to, from the foods whose components are known. */
export interface Stacking {
  groups: StackedGroup[];
  /** groups over their cut-off in the meal although no single food is over it: the warning to show */
  stacked: FodmapGroup[];
  /** foods whose components or weight are not (fully) known: the sums are then lower bounds */
  unknownFoods: number;
}

/** Spec §3 Meal as the browser sees it. */
export interface Meal {
  id: number;
  name: string;
  mealType: MealType;
  timestamp: string;
  completed: boolean;
  notes: string | null;
  /** in the order they were added */
  foods: MealFood[];
  /** newest first */
  symptoms: Symptom[];
  /** spec §4 Meal FODMAP score, 0-100 (higher is more FODMAP); null with no rated food */
  fodmapScore: number | null;
  fodmapBand: MealScoreBand;
  /** foods whose rating at the amount eaten is unknown: left out of the score, never counted as low */
  unknownFoods: number;
  stacking: Stacking;
  /** null when no food states its calories */
  totalCalories: number | null;
}

/** GET /api/dashboard/stats (spec §3 Dashboard stats), for the caller's local today. */
export interface DashboardStats {
  /** 100 minus today's FODMAP risk; null when nothing is logged or every food's rating is unknown */
  todayScore: number | null;
  todayBand: DayScoreBand | null;
  mealsLogged: number;
  symptomsCount: number;
  /** today's foods whose rating is unknown: counted apart, never as low */
  unknownFoods: number;
  /** today's meals whose foods stack over a cut-off */
  stackingWarnings: { mealId: number; mealName: string; groups: FodmapGroup[] }[];
}

/** Spec §9 dashboard score bands. */
export type DayScoreBand = 'excellent' | 'good' | 'fair' | 'poor';

/** How a meal type and a rating at the amount eaten are named to people (the phone's chips, the emails). */
export const MEAL_TYPE_LABELS: Record<MealType, string> = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner', snack: 'Snack' };
export const FODMAP_RATING_LABELS: Record<FodmapRating, string> = { low: 'Low FODMAP', medium: 'Medium FODMAP', high: 'High FODMAP', unknown: 'Unknown FODMAP' };
