import { describe, expect, it } from '@jest/globals';
import { SYMPTOM_WINDOW } from '@fodmap/contracts';
import { FOODS, HOUR, meal, MINUTE, START, symptom } from './history-fixtures';
import { mealOutcomes } from './symptom-window';

const window = { fromHours: SYMPTOM_WINDOW.fromHours, toHours: SYMPTOM_WINDOW.toHours };
const lunch = meal(1, START + 12 * HOUR, [FOODS.rice]);

/** The ids of the symptoms that count for each meal, by meal id. */
function countedFor(history: Parameters<typeof mealOutcomes>[0]) {
  return Object.fromEntries(mealOutcomes(history, window).map(({ meal: { mealId }, symptoms }) => [mealId, symptoms.map(({ symptomId }) => symptomId)]));
}

describe('which symptoms follow a meal', () => {
  it('counts an unlinked symptom from 1 hour to 8 hours after a meal, both ends included', () => {
    const after = (minutes: number, symptomId: number) => symptom(symptomId, lunch.eatenAt + minutes * MINUTE);
    const symptoms = [after(59, 1), after(60, 2), after(61, 3), after(8 * 60, 4), after(8 * 60 + 1, 5), after(-30, 6)];
    expect(countedFor({ meals: [lunch], symptoms })).toEqual({ 1: [2, 3, 4] });
  });

  it('counts an unlinked symptom for every meal eaten in its window', () => {
    const breakfast = meal(2, START + 8 * HOUR, [FOODS.oatmeal]);
    const dinner = meal(3, START + 19 * HOUR, [FOODS.salmon]);
    expect(countedFor({ meals: [dinner, lunch, breakfast], symptoms: [symptom(1, START + 15 * HOUR)] })).toEqual({ 2: [1], 1: [1], 3: [] });
  });

  it('counts a linked symptom for its meal only, and for nothing when that meal is not in the period', () => {
    const snack = meal(2, lunch.eatenAt + 30 * MINUTE, [FOODS.banana]);
    const symptoms = [symptom(1, lunch.eatenAt + 3 * HOUR, { mealId: 2 }), symptom(2, lunch.eatenAt + 3 * HOUR, { mealId: 99 })];
    expect(countedFor({ meals: [lunch, snack], symptoms })).toEqual({ 1: [], 2: [1] });
  });

  it('never counts a "no symptoms" report, and keeps the worst severity of the rest', () => {
    const symptoms = [
      symptom(1, lunch.eatenAt + 2 * HOUR, { severity: 'none' }),
      symptom(2, lunch.eatenAt + 2 * HOUR, { severity: 'mild' }),
      symptom(3, lunch.eatenAt + 3 * HOUR, { severity: 'severe', mealId: 1 }),
      symptom(4, lunch.eatenAt, { severity: 'none', mealId: 1 }),
    ];
    const [outcome] = mealOutcomes({ meals: [lunch], symptoms }, window);
    expect(outcome.symptoms.map(({ symptomId }) => symptomId)).toEqual([2, 3]);
    expect(outcome.worstSeverity).toBe(3);
    expect(mealOutcomes({ meals: [lunch], symptoms: [symptoms[0]] }, window)[0].worstSeverity).toBe(0);
  });

  it('honours a window the person chose', () => {
    expect(mealOutcomes({ meals: [lunch], symptoms: [symptom(1, lunch.eatenAt + 30 * MINUTE)] }, { fromHours: 0, toHours: 2 })[0].symptoms).toHaveLength(1);
  });
});
