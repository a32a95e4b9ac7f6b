import { SEVERITY_SCORE, type SymptomWindow } from '@fodmap/contracts';
import type { History, HistoryMeal, HistorySymptom } from './history';

const HOUR_MS = 3_600_000;

/** One meal and the symptoms that followed it. */
export interface MealOutcome {
  meal: HistoryMeal;
  /** the symptoms that count for this meal */
  symptoms: HistorySymptom[];
  /** the highest SEVERITY_SCORE among them, 0 when none */
  worstSeverity: number;
}

/**
 * Which symptoms follow which meal, meals in the order eaten. A 'none' report is not a symptom. A symptom linked to a
 * meal counts for that meal alone (and for nothing when the meal is not in the history); an unlinked one felt at t
 * counts for every meal eaten from t − toHours to t − fromHours, both ends included.
 */
export function mealOutcomes(history: History, window: SymptomWindow): MealOutcome[] {
  const outcomes = [...history.meals].sort((a, b) => a.eatenAt - b.eatenAt).map((meal): MealOutcome => ({ meal, symptoms: [], worstSeverity: 0 }));
  const byMealId = new Map<number, MealOutcome>();
  for (const outcome of outcomes) byMealId.set(outcome.meal.mealId, outcome);
  for (const symptom of history.symptoms) {
    if (symptom.severity === 'none') continue;
    const score = SEVERITY_SCORE[symptom.severity];
    if (symptom.mealId !== null) {
      const outcome = byMealId.get(symptom.mealId);
      if (outcome) count(outcome, symptom, score);
      continue;
    }
    const latest = symptom.feltAt - window.fromHours * HOUR_MS;
    for (let index = firstEatenFrom(outcomes, earliestMealOf(symptom, window)); index < outcomes.length && outcomes[index].meal.eatenAt <= latest; index += 1) {
      count(outcomes[index], symptom, score);
    }
  }
  return outcomes;
}

/** The earliest time a meal may be eaten for an unlinked symptom to count for it (window start, included). */
export function earliestMealOf(symptom: HistorySymptom, window: SymptomWindow): number {
  return symptom.feltAt - window.toHours * HOUR_MS;
}

function count(outcome: MealOutcome, symptom: HistorySymptom, score: number): void {
  outcome.symptoms.push(symptom);
  if (score > outcome.worstSeverity) outcome.worstSeverity = score;
}

/** The index of the first meal eaten at or after `from` (binary search over meals in the order eaten). */
function firstEatenFrom(outcomes: readonly MealOutcome[], from: number): number {
  let low = 0;
  let high = outcomes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (outcomes[middle].meal.eatenAt < from) low = middle + 1;
    else high = middle;
  }
  return low;
}
