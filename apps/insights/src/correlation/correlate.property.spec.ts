import { describe, expect, it } from '@jest/globals';
import { type FoodSnapshot, SEVERITIES, SYMPTOM_TYPES, SYMPTOM_WINDOW } from '@fodmap/contracts';
import fc from 'fast-check';
import { assessFoods, correlateFoods, correlateGroups } from './correlate';
import { EVIDENCE_RANK } from './evidence';
import type { History, HistorySymptom } from './history';
import { FOODS, HOUR, meal, MINUTE, START } from './history-fixtures';

const window = { fromHours: SYMPTOM_WINDOW.fromHours, toHours: SYMPTOM_WINDOW.toHours };
/** The food under watch, the only spicy one, so the spicy group's meals are its meals. */
const X = FOODS.chili;
const OTHERS: readonly FoodSnapshot[] = [FOODS.rice, FOODS.apple, FOODS.milk, FOODS.egg];
const SPAN_MINUTES = 5 * 24 * 60;

const symptomArbitrary = fc.record({
  minute: fc.integer({ min: 0, max: SPAN_MINUTES + 10 * 60 }),
  linkTo: fc.option(fc.nat(), { nil: null }),
  symptomType: fc.constantFrom(...SYMPTOM_TYPES),
  severity: fc.constantFrom(...SEVERITIES),
});
type SymptomDraft = typeof symptomArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** Journals of 5 days: 4 to 24 meals of 1 to 3 foods (the first always with X), and up to 30 symptoms. */
const historyArbitrary = fc
  .record({
    meals: fc.array(fc.record({ minute: fc.integer({ min: 0, max: SPAN_MINUTES }), withX: fc.boolean(), others: fc.subarray([...OTHERS], { minLength: 1, maxLength: 2 }) }), { minLength: 4, maxLength: 24 }),
    symptoms: fc.array(symptomArbitrary, { maxLength: 30 }),
  })
  .map(({ meals, symptoms }): History => {
    const built = meals.map(({ minute, withX, others }, index) => meal(index + 1, START + minute * MINUTE, index === 0 || withX ? [X, ...others] : others));
    return { meals: built, symptoms: symptoms.map((draft, index) => toSymptom(draft, 1 + index, built.length)) };
  });

function toSymptom({ minute, linkTo, symptomType, severity }: SymptomDraft, symptomId: number, meals: number): HistorySymptom {
  return { symptomId, feltAt: START + minute * MINUTE, mealId: linkTo === null ? null : 1 + (linkTo % meals), symptomType, severity };
}

const hasX = (history: History, mealId: number) => history.meals.some((candidate) => candidate.mealId === mealId && candidate.foods.some((entry) => entry.foodId === X.id));
const inWindow = (eatenAt: number, feltAt: number) => eatenAt >= feltAt - window.toHours * HOUR && eatenAt <= feltAt - window.fromHours * HOUR;

/** Counts for some meals, none of them with X. */
function countsOnlyWithoutX(history: History, added: HistorySymptom): boolean {
  if (added.mealId !== null) return !hasX(history, added.mealId);
  return !history.meals.some((candidate) => inWindow(candidate.eatenAt, added.feltAt) && hasX(history, candidate.mealId));
}

/** Counts for no meal at all. */
function countsForNoMeal(history: History, added: HistorySymptom): boolean {
  if (added.severity === 'none') return true;
  if (added.mealId !== null) return !history.meals.some((candidate) => candidate.mealId === added.mealId);
  return !history.meals.some((candidate) => inWindow(candidate.eatenAt, added.feltAt));
}

function withAdded(history: History, drafts: readonly SymptomDraft[], mealIds: (draft: SymptomDraft) => number): History {
  const added = drafts.map((draft, index) => ({ ...toSymptom(draft, 1000 + index, history.meals.length), mealId: draft.linkTo === null ? null : mealIds(draft) }));
  return { meals: history.meals, symptoms: [...history.symptoms, ...added] };
}

const xOf = (history: History) => assessFoods(history, window).find(({ entry }) => entry.foodId === X.id)?.entry;
const spicyOf = (history: History) => correlateGroups(history, window).groups.find(({ group }) => group === 'spicy');

describe('evidence is monotone', () => {
  it('never raises a food’s evidence level, nor lowers its p, when symptoms are added that follow only meals without it', () => {
    fc.assert(
      fc.property(historyArbitrary, fc.array(symptomArbitrary, { minLength: 1, maxLength: 3 }), (history, drafts) => {
        const withoutX = history.meals.filter((candidate) => !hasX(history, candidate.mealId)).map(({ mealId }) => mealId);
        fc.pre(withoutX.length > 0);
        const after = withAdded(history, drafts, (draft) => withoutX[(draft.linkTo ?? 0) % withoutX.length]);
        fc.pre(after.symptoms.slice(history.symptoms.length).every((added) => countsOnlyWithoutX(history, added)));
        for (const [before, later] of [
          [xOf(history), xOf(after)],
          [spicyOf(history), spicyOf(after)],
        ] as const) {
          if (!before || !later) throw new Error('X is in every history');
          expect(EVIDENCE_RANK[later.evidence]).toBeGreaterThanOrEqual(EVIDENCE_RANK[before.evidence]);
          if (before.pValue !== null) expect(later.pValue).toBeGreaterThanOrEqual(before.pValue - 1e-12);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('changes nothing when a symptom follows no meal in the window', () => {
    fc.assert(
      fc.property(historyArbitrary, symptomArbitrary, (history, draft) => {
        const after = withAdded(history, [draft], () => history.meals.length + 1);
        fc.pre(countsForNoMeal(history, after.symptoms[after.symptoms.length - 1]));
        expect(correlateFoods(after, window)).toEqual(correlateFoods(history, window));
        expect(correlateGroups(after, window)).toEqual(correlateGroups(history, window));
      }),
      { numRuns: 200 },
    );
  });
});
