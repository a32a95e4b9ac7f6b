import { describe, expect, it } from '@jest/globals';
import { type CorrelationEntry, type ExposureTable, type FoodSnapshot, MIN_MEALS_COMPARED, SEVERITIES, SEVERITY_SCORE, SYMPTOM_LABELS, SYMPTOM_TYPES, SYMPTOM_WINDOW } from '@fodmap/contracts';
import fc from 'fast-check';
import { assessFoods } from './correlate';
import { STRATIFY_SHARE, TOGETHER_SHARE } from './eaten-together';
import type { History, HistoryMeal, HistorySymptom } from './history';
import { FOODS, HOUR, meal, MINUTE, START } from './history-fixtures';
import { exactStratifiedGreater, fisherExactGreater } from './statistics';

/**
 * The food list's counts and p-values against a straightforward reading of the rules, meal by meal and symptom by
 * symptom, on random journals of two days whose times fall on a 30-minute grid, so that meals share times and symptoms fall on
 * both ends of the window.
 */
const window = { fromHours: SYMPTOM_WINDOW.fromHours, toHours: SYMPTOM_WINDOW.toHours };
const PANTRY: readonly FoodSnapshot[] = [FOODS.garlic, FOODS.oliveOil, FOODS.rice, FOODS.egg, FOODS.apple, FOODS.milk];
const SLOTS = 2 * 48;

const historyArbitrary = fc
  .record({
    meals: fc.array(fc.record({ slot: fc.integer({ min: 0, max: SLOTS }), foods: fc.subarray([...PANTRY], { maxLength: 3 }) }), { minLength: 1, maxLength: 60 }),
    symptoms: fc.array(
      fc.record({
        slot: fc.integer({ min: 0, max: SLOTS + 20 }),
        linkTo: fc.option(fc.nat(), { nil: null }),
        symptomType: fc.constantFrom(...SYMPTOM_TYPES),
        severity: fc.constantFrom(...SEVERITIES),
      }),
      { maxLength: 80 },
    ),
  })
  .map(({ meals, symptoms }): History => {
    const at = (slot: number) => START + slot * 30 * MINUTE;
    return {
      meals: meals.map(({ slot, foods }, index) => meal(index + 1, at(slot), foods)),
      // a link past the last meal names a meal not in the history
      symptoms: symptoms.map(({ slot, linkTo, ...fields }, index): HistorySymptom => ({ ...fields, symptomId: index + 1, feltAt: at(slot), mealId: linkTo === null ? null : 1 + (linkTo % (meals.length + 2)) })),
    };
  });

/** The symptoms that count for a meal, straight from the rules. */
function symptomsOf(history: History, candidate: HistoryMeal): HistorySymptom[] {
  return history.symptoms.filter(
    (symptom) =>
      symptom.severity !== 'none' &&
      (symptom.mealId === null ? candidate.eatenAt >= symptom.feltAt - window.toHours * HOUR && candidate.eatenAt <= symptom.feltAt - window.fromHours * HOUR : symptom.mealId === candidate.mealId),
  );
}

type Reference = Pick<CorrelationEntry, 'totalMeals' | 'symptomsAfter' | 'avgSymptomSeverity' | 'commonSymptoms' | 'pValue'>;

function reference(history: History, foodId: number): Reference {
  const meals = history.meals.filter((candidate) => candidate.foods.length > 0);
  const has = (candidate: HistoryMeal, id: number) => candidate.foods.some((entry) => entry.foodId === id);
  const symptomatic = (candidate: HistoryMeal) => symptomsOf(history, candidate).length > 0;
  const eaten = meals.filter((candidate) => has(candidate, foodId));
  const followed = [...new Set(eaten.flatMap((candidate) => symptomsOf(history, candidate)))];
  const byType = SYMPTOM_TYPES.map((type) => ({ label: SYMPTOM_LABELS[type], count: followed.filter((symptom) => symptom.symptomType === type).length }));
  const table = (exposed: readonly HistoryMeal[], others: readonly HistoryMeal[]): ExposureTable => ({
    with: { meals: exposed.length, symptomatic: exposed.filter(symptomatic).length },
    without: { meals: others.length, symptomatic: others.filter(symptomatic).length },
  });
  const others = meals.filter((candidate) => !has(candidate, foodId));
  let pValue: number | null = null;
  if (eaten.length >= MIN_MEALS_COMPARED && others.length >= MIN_MEALS_COMPARED) {
    pValue = fisherExactGreater(table(eaten, others));
    for (const other of new Set(eaten.flatMap((candidate) => candidate.foods.map((entry) => entry.foodId)))) {
      if (other === foodId) continue;
      const shared = eaten.filter((candidate) => has(candidate, other)).length;
      const otherMeals = meals.filter((candidate) => has(candidate, other)).length;
      const together = shared >= TOGETHER_SHARE * eaten.length && shared >= TOGETHER_SHARE * otherMeals;
      if (shared < STRATIFY_SHARE * eaten.length || together) continue;
      const strata = [true, false].map((withOther) => {
        const stratum = meals.filter((candidate) => has(candidate, other) === withOther);
        return table(
          stratum.filter((candidate) => has(candidate, foodId)),
          stratum.filter((candidate) => !has(candidate, foodId)),
        );
      });
      pValue = Math.max(pValue, exactStratifiedGreater(strata));
    }
  }
  return {
    totalMeals: eaten.length,
    symptomsAfter: eaten.filter(symptomatic).length,
    avgSymptomSeverity: followed.length === 0 ? 0 : Math.round((followed.reduce((sum, symptom) => sum + SEVERITY_SCORE[symptom.severity], 0) / followed.length) * 100) / 100,
    commonSymptoms: byType
      .filter(({ count }) => count > 0)
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
      .slice(0, 3)
      .map(({ label }) => label),
    pValue,
  };
}

describe('the food list against a straightforward reading of the rules', () => {
  it('counts each food’s meals, symptomatic meals, symptoms (each once), their mean severity and commonest names, and its p, as the rules say', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        for (const { entry } of assessFoods(history, window)) {
          const expected = reference(history, entry.foodId);
          expect({ ...entry, pValue: null }).toMatchObject({ ...expected, pValue: null });
          if (expected.pValue === null) expect(entry.pValue).toBeNull();
          else expect(entry.pValue).toBeCloseTo(expected.pValue, 12);
        }
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });
});
