import {
  DAY_SCORE_BANDS,
  dayScore,
  dayScoreRelation,
  FODMAP_RATING_LABELS,
  FodmapRating,
  MEAL_TYPE_LABELS,
  MealFood,
  mealFoodEntry,
  mealRiskSummary,
  scoreMealFoods,
  SYMPTOM_LABELS,
} from '@fodmap/contracts';
import { DigestMeal, DigestSymptom } from './audience-reader';

/** Colours of a rating's chip in the emails: the phone's palette (green, amber, red, grey). */
const RATING_COLORS: Record<FodmapRating, string> = { low: '#2e7d32', medium: '#ed6c02', high: '#d32f2f', unknown: '#757575' };
const BAND_COLORS: Record<'green' | 'yellow' | 'orange' | 'red' | 'grey', string> = { green: '#2e7d32', yellow: '#f9a825', orange: '#ed6c02', red: '#d32f2f', grey: '#757575' };

/** A meal as the daily summary and the meal email show it; every value already worded (the templates hold no logic). */
export interface MealView {
  name: string;
  mealType: string;
  time: string;
  foods: Array<{ name: string; amount: string; rating: FodmapRating; ratingLabel: string; ratingColor: string }>;
  /** its high foods and the groups its foods stack over a cut-off, worded, said before the band (`mealRiskSummary`) */
  lead: string[];
  /** 'FODMAP risk 35 · Medium FODMAP foods' (spec §4, 0-100, higher is more FODMAP), or the band's words alone */
  risk: string;
  bandColor: string;
}

/** The day's score (spec §9, 100 minus the FODMAP risk of the day's foods) beside the meals' risks, and how they relate. */
export interface DayScoreView {
  /** 'Day’s score 75 · Good' */
  score: string;
  color: string;
  relation: string;
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

/** A meal's foods rated at the amounts eaten with the contracts' arithmetic: what the app rates them. */
function mealEntries(meal: DigestMeal): MealFood[] {
  return meal.foods.map(({ entryId, ...entry }) => mealFoodEntry({ id: entryId, ...entry }));
}

/** Rated and scored with the contracts' arithmetic (mealFoodEntry, scoreMealFoods, mealRiskSummary): what the app shows. */
export function mealView(meal: DigestMeal, timeZone: string): MealView {
  const foods = mealEntries(meal);
  const { lead, band, color } = mealRiskSummary({ foods, ...scoreMealFoods(foods) });
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
    lead,
    risk: band,
    bandColor: BAND_COLORS[color],
  };
}

/** The dashboard's figure for the day these meals were eaten on; null when none of their foods is rated. */
export function dayScoreView(meals: readonly DigestMeal[]): DayScoreView | null {
  const { score, band } = dayScore(meals.flatMap((meal) => mealEntries(meal).map((entry) => entry.ratingAtQuantity)));
  const info = DAY_SCORE_BANDS.find((candidate) => candidate.band === band);
  if (score === null || !info) return null;
  return { score: `Day’s score ${score} · ${info.label}`, color: BAND_COLORS[info.color], relation: dayScoreRelation('The day') };
}

export function symptomView(symptom: DigestSymptom, timeZone: string): SymptomView {
  return {
    label: SYMPTOM_LABELS[symptom.symptomType],
    severity: symptom.severity,
    time: timeOf(symptom.feltAt, timeZone),
    mealName: symptom.mealName,
  };
}
