import { CorrelationEntry, FoodSnapshot } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { DigestMeal, DigestSymptom } from '../audience/audience-reader';
import { dailySummaryContext, SummaryInput } from './daily-summary-content';

const snapshot = (id: number, name: string, fructans: number | null, fodmapRating: FoodSnapshot['fodmapRating'] = 'low'): FoodSnapshot => ({
  id, name, fodmapRating, servingSize: '100 g', servingGrams: 100, caloriesPerServing: 50, foodType: 'vegetable', oligoGroup: 'other',
  ibsTriggerType: null, fructans, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0,
});

// Two foods each under the 0.2 g oligosaccharide cut-off on their own (0.15 g), over it together.
const stir: DigestMeal = {
  userId: 7, mealId: 1, name: 'Stir fry', mealType: 'lunch', eatenAt: new Date('2026-02-10T12:15:00Z'), timeZone: 'Europe/London', completed: true,
  foods: [
    { entryId: 1, quantity: 100, servingUnit: 'g', grams: 100, food: snapshot(1, 'Leek leaves', 0.15) },
    { entryId: 2, quantity: 100, servingUnit: 'g', grams: 100, food: snapshot(2, 'Broccoli heads', 0.15) },
  ],
};
const pain: DigestSymptom = { userId: 7, symptomType: 'pain', severity: 'severe', feltAt: new Date('2026-02-10T15:00:00Z'), mealName: 'Stir fry' };
const finding = (riskLabel: CorrelationEntry['riskLabel']) =>
  ({ foodName: 'Onion', riskLabel, correlationRate: 0.55, symptomsAfter: 6, totalMeals: 11, evidence: 'moderate' }) as CorrelationEntry;

const input = (overrides: Partial<SummaryInput>): SummaryInput => ({
  recipient: { userId: 7, firstName: 'Ann', host: 'default', timeZone: 'Europe/London' },
  day: '2026-02-10',
  period: 'Yesterday',
  meals: [stir],
  symptoms: [pain],
  top: null,
  appUrl: 'https://app.example/diary',
  sponsor: null,
  ...overrides,
});

describe('dailySummaryContext', () => {
  it('words the day: meals with rated foods, score and band, symptoms with their labels and times, stacking warnings', () => {
    const context = dailySummaryContext(input({}));
    expect(context.dayLabel).toBe('Tuesday, February 10');
    expect(context.headline).toBe('1 meal and 1 symptom logged.');
    expect(context.meals).toEqual([
      {
        name: 'Stir fry',
        mealType: 'Lunch',
        time: '12:15 PM',
        foods: [
          { name: 'Leek leaves', amount: '100 g', rating: 'low', ratingLabel: 'Low FODMAP', ratingColor: '#2e7d32' },
          { name: 'Broccoli heads', amount: '100 g', rating: 'low', ratingLabel: 'Low FODMAP', ratingColor: '#2e7d32' },
        ],
        score: 'FODMAP score 0',
        bandLabel: 'Mostly low FODMAP foods',
        bandColor: '#2e7d32',
        stacking: 'fructans and GOS (oligosaccharides)',
      },
    ]);
    expect(context.stackingWarnings).toEqual([{ mealName: 'Stir fry', groups: 'fructans and GOS (oligosaccharides)' }]);
    expect(context.symptoms).toEqual([{ label: 'Abdominal Pain', severity: 'severe', time: '3:00 PM', mealName: 'Stir fry' }]);
  });

  it('names the top correlation only when insights gives it a risk label', () => {
    expect(dailySummaryContext(input({ top: finding('Moderate Risk') })).topCorrelation).toEqual({
      foodName: 'Onion',
      riskLabel: 'Moderate Risk',
      recommendation: 'Monitor closely and limit portions',
      rate: '55%',
      symptomsAfter: 6,
      totalMeals: 11,
    });
    expect(dailySummaryContext(input({ top: finding(null) })).topCorrelation).toBeNull();
  });

  it('says nothing is logged yet on an empty day (the test send)', () => {
    const context = dailySummaryContext(input({ meals: [], symptoms: [], period: 'Today so far' }));
    expect(context.headline).toBe('Nothing logged yet. Log a meal or a symptom in the app and it will show here.');
    expect(context.stackingWarnings).toEqual([]);
  });
});
