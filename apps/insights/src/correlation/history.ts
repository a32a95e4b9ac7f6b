import type { MealFood, Severity, SymptomType } from '@fodmap/contracts';

/** One of the person's meals as the analysis sees it: its foods at the amounts eaten, rated by `mealFoodEntry`. */
export interface HistoryMeal {
  mealId: number;
  /** epoch milliseconds */
  eatenAt: number;
  foods: readonly MealFood[];
}

export interface HistorySymptom {
  symptomId: number;
  /** the meal it was linked to, or null (logged without one, or its meal deleted) */
  mealId: number | null;
  symptomType: SymptomType;
  severity: Severity;
  /** epoch milliseconds: when it began */
  feltAt: number;
}

/** A person's meals of a period and the symptoms that may have followed them. */
export interface History {
  meals: readonly HistoryMeal[];
  symptoms: readonly HistorySymptom[];
}
