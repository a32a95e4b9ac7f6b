import {
  FODMAP_GROUP_LABELS,
  FODMAP_RATING_LABELS,
  FodmapRating,
  MEAL_TYPE_LABELS,
  mealBandInfo,
  mealFoodEntry,
  scoreMealFoods,
  SYMPTOM_LABELS,
} from '@fodmap/contracts';
import { DigestMeal, DigestSymptom } from './audience-reader';

/** Colours of a rating's chip in the emails: the phone's palette (green, amber, red, grey). */
const RATING_COLORS: Record<FodmapRating, string> = { low: '#2e7d32', medium: '#ed6c02', high: '#d32f2f', unknown: '#757575' };
const BAND_COLORS: Record<string, string> = { green: '#2e7d32', yellow: '#f9a825', orange: '#ed6c02', red: '#d32f2f', grey: '#757575' };

/** A meal as the daily summary and the meal email show it; every value already worded (the templates hold no logic). */
export interface MealView {
  name: string;
  mealType: string;
  time: string;
  foods: Array<{ name: string; amount: string; rating: FodmapRating; ratingLabel: string; ratingColor: string }>;
  /** 'FODMAP score 35' (spec §4, 0-100), or null when no food is rated */
  score: string | null;
  bandLabel: string;
  bandColor: string;
  /** the FODMAP groups its foods stack over the cut-off together, worded ('Fructans and Lactose'), or null */
  stacking: string | null;
}

export interface SymptomView {
  label: string;
  severity: string;
  time: string;
  mealName: string | null;
}

/** A formatter costs about 0.1 ms to build and a morning's batches format hundreds of thousands of times: one per zone. */
const clockFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatter = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });

/** '8:15 AM' in the zone. */
export function timeOf(instant: Date | string, timeZone: string): string {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(instant));
}

/** 'Sunday, November 22' for a YYYY-MM-DD day. */
export function dayLabelOf(day: string): string {
  return dayFormatter.format(new Date(`${day}T12:00:00Z`));
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** Rated and scored with the contracts' arithmetic (mealFoodEntry, scoreMealFoods): the numbers the app shows. */
export function mealView(meal: DigestMeal, timeZone: string): MealView {
  const foods = meal.foods.map(({ entryId, ...entry }) => mealFoodEntry({ id: entryId, ...entry }));
  const score = scoreMealFoods(foods);
  const band = mealBandInfo(score.fodmapBand);
  return {
    name: meal.name,
    mealType: MEAL_TYPE_LABELS[meal.mealType] ?? meal.mealType,
    time: timeOf(meal.eatenAt, timeZone),
    foods: foods.map((entry) => ({
      name: entry.food.name,
      amount: `${entry.quantity} ${entry.servingUnit}`,
      rating: entry.ratingAtQuantity,
      ratingLabel: FODMAP_RATING_LABELS[entry.ratingAtQuantity],
      ratingColor: RATING_COLORS[entry.ratingAtQuantity],
    })),
    score: score.fodmapScore === null ? null : `FODMAP score ${score.fodmapScore}`,
    bandLabel: band.label,
    bandColor: BAND_COLORS[band.color] ?? BAND_COLORS.grey,
    stacking: score.stacking.stacked.length === 0 ? null : joinWords(score.stacking.stacked.map((group) => FODMAP_GROUP_LABELS[group])),
  };
}

export function symptomView(symptom: DigestSymptom, timeZone: string): SymptomView {
  return {
    label: SYMPTOM_LABELS[symptom.symptomType],
    severity: symptom.severity,
    time: timeOf(symptom.feltAt, timeZone),
    mealName: symptom.mealName,
  };
}
