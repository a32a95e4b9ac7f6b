import { z } from 'zod';
import type { FoodType } from '../foods/food';
import type { FodmapComponents, FodmapGroup, FodmapRating, OligoGroup } from '../foods/fodmap-rating';
import { recordId } from '../ids';
import { Messages } from '../messages';
import type { Symptom } from '../symptoms/symptom';
import { MEAL_NAME_MAX_LENGTH, NOTES_MAX_LENGTH, text } from '../text';
import { instantSchema, isoDateSchema } from '../time/instant';

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const createMealSchema = z.object({
  mealType: z.enum(MEAL_TYPES, { errorMap: () => ({ message: Messages.mealTypeInvalid }) }),
  name: text('Meal name', MEAL_NAME_MAX_LENGTH, { required: Messages.mealNameRequired }),
  timestamp: instantSchema(Messages.mealTimestampInvalid),
  notes: text('Notes', NOTES_MAX_LENGTH).optional(),
});
export type CreateMealInput = z.input<typeof createMealSchema>;

/** Spec §5, §9: quantity at least 0.1 in steps of 0.1, default 1. The top leaves room for grams (a 2 kg roast). */
export const MEAL_FOOD_QUANTITY = { min: 0.1, step: 0.1, default: 1, max: 5000 } as const;
export const SERVING_UNIT_MAX_LENGTH = 40;
/** The units every food takes besides its own: the food's whole serving, and grams. */
export const SERVING = 'serving';
export const GRAMS = 'g';

export const addMealFoodSchema = z.object({
  foodId: recordId(Messages.foodIdInvalid),
  quantity: z
    .number({ required_error: Messages.quantityInvalid, invalid_type_error: Messages.quantityInvalid })
    .min(MEAL_FOOD_QUANTITY.min, Messages.quantityInvalid)
    .max(MEAL_FOOD_QUANTITY.max, Messages.quantityInvalid)
    // Tenths only: 0.30000000000000004 is 0.3, 0.25 is not a step.
    .refine((quantity) => Math.abs(quantity * 10 - Math.round(quantity * 10)) < 1e-6, Messages.quantityInvalid)
    .transform((quantity) => Math.round(quantity * 10) / 10),
  servingUnit: text('Serving unit', SERVING_UNIT_MAX_LENGTH, { required: Messages.servingUnitRequired }),
});
export type AddMealFoodInput = z.input<typeof addMealFoodSchema>;

/** POST /api/meals/:id/repeat: the same foods and quantities as a new meal, at `timestamp` (default now). */
export const repeatMealSchema = z.object({ timestamp: instantSchema(Messages.mealTimestampInvalid).optional() });
export type RepeatMealInput = z.input<typeof repeatMealSchema>;

/** GET /api/meals: every meal, `?todayOnly=true` the caller's local today, `?date=YYYY-MM-DD` that local day. */
export const mealListQuerySchema = z
  .object({
    todayOnly: z.preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean({ invalid_type_error: Messages.todayOnlyInvalid }).optional(),
    ),
    date: isoDateSchema('date').optional(),
  })
  .refine(({ todayOnly, date }) => !(todayOnly && date), Messages.mealListQueryConflict);
export type MealListQuery = z.input<typeof mealListQuerySchema>;

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

/** The longest range of daily figures one request may ask for: a year, the longest insight period (spec §9). */
export const MAX_DAILY_RANGE_DAYS = 366;

export const dailyMealsQuerySchema = z
  .object({ startDate: isoDateSchema('startDate'), endDate: isoDateSchema('endDate') })
  .refine(({ startDate, endDate }) => startDate <= endDate, 'startDate must not be after endDate')
  .refine(
    ({ startDate, endDate }) => (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 < MAX_DAILY_RANGE_DAYS,
    `A range may span at most ${MAX_DAILY_RANGE_DAYS} days`,
  );
export type DailyMealsQuery = z.infer<typeof dailyMealsQuerySchema>;

/** One day of `Rpc.insights.dailyMeals`' answer: every day of the range, oldest first, 0 when nothing was logged. */
export interface DailyMealCount {
  date: string;
  mealsCount: number;
}
