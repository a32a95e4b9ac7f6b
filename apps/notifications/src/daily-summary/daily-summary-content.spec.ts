import { CorrelationEntry, FoodSnapshot } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { DigestMeal, DigestSymptom } from '../audience/audience-reader';
import { EmailRenderer } from '../email/email-renderer';
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
  it('words the day: its score, meals with rated foods, their stacked groups and FODMAP risk, symptoms with their labels and times', () => {
    const context = dailySummaryContext(input({}));
    expect(context.dayLabel).toBe('Tuesday, February 10');
    expect(context.headline).toBe('1 meal and 1 symptom logged.');
    expect(context.dayScore).toEqual({
      score: 'Day’s score 100 · Excellent',
      color: '#2e7d32',
      relation: 'The day’s score is 100 minus the FODMAP risk of the day’s foods, so higher is better; a meal’s FODMAP risk runs the other way, from 0 (mostly low) up.',
    });
    expect(context.meals).toEqual([
      {
        name: 'Stir fry',
        mealType: 'Lunch',
        time: '12:15 PM',
        foods: [
          { name: 'Leek leaves', amount: '100 g', rating: 'low', ratingLabel: 'Low FODMAP', ratingColor: '#2e7d32' },
          { name: 'Broccoli heads', amount: '100 g', rating: 'low', ratingLabel: 'Low FODMAP', ratingColor: '#2e7d32' },
        ],
        lead: ['Fructans and GOS (oligosaccharides) add up over the limit'],
        risk: 'FODMAP risk 0 · Mostly low FODMAP foods',
        bandColor: '#2e7d32',
      },
    ]);
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
    expect(context.dayScore).toBeNull();
  });

  it('names a lunch’s high foods before its FODMAP risk, and gives the day’s score as 100 minus the risk, in both bodies', () => {
    const lunch: DigestMeal = {
      ...stir,
      mealId: 2,
      name: 'Garlic toast',
      foods: [
        { entryId: 3, quantity: 1, servingUnit: 'clove', grams: 3, food: { ...snapshot(3, 'Garlic, raw', null, 'high'), servingSize: '1 clove (3 g)', servingGrams: 3 } },
        { entryId: 4, quantity: 2, servingUnit: 'slices', grams: 58, food: { ...snapshot(4, 'Wheat bread', null, 'high'), servingSize: '2 slices (58 g)', servingGrams: 58 } },
        { entryId: 5, quantity: 100, servingUnit: 'g', grams: 100, food: snapshot(5, 'Lettuce', 0) },
        { entryId: 6, quantity: 100, servingUnit: 'g', grams: 100, food: snapshot(6, 'Chicken', 0) },
      ],
    };
    const context = dailySummaryContext(input({ meals: [lunch], symptoms: [] }));
    expect(context.meals[0]).toMatchObject({ lead: ['High: Garlic, raw; Wheat bread'], risk: 'FODMAP risk 50 · Notable medium/high FODMAP content', bandColor: '#ed6c02' });
    expect(context.dayScore).toMatchObject({ score: 'Day’s score 50 · Fair', color: '#ed6c02' });

    const email = new EmailRenderer().render('daily-summary', context);
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Day’s score 50 · Fair');
      expect(body).toContain('The day’s score is 100 minus the FODMAP risk of the day’s foods');
      // After the meal's foods, before its band.
      expect(body.indexOf('High: Garlic, raw; Wheat bread')).toBeGreaterThan(body.indexOf('Chicken'));
      expect(body.indexOf('High: Garlic, raw; Wheat bread')).toBeLessThan(body.indexOf('FODMAP risk 50 · Notable medium/high FODMAP content'));
      expect(body).not.toMatch(/FODMAP score/);
    }
  });
});
