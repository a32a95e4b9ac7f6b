import { FoodSnapshot } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { DigestMeal, Recipient } from '../audience/audience-reader';
import { EmailRenderer } from '../email/email-renderer';
import { mealEmailContext } from './meal-email-content';

const snapshot = (id: number, name: string, fodmapRating: FoodSnapshot['fodmapRating'], servingSize: string, servingGrams: number): FoodSnapshot => ({
  id, name, fodmapRating, servingSize, servingGrams, caloriesPerServing: 50, foodType: 'other', oligoGroup: 'other',
  ibsTriggerType: null, fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null,
});

const recipient: Recipient = { userId: 7, email: 'ann@example.com', firstName: 'Ann', timeZone: 'Europe/London', host: 'default', emailNotifications: true, mealNotifications: true };
// The lunch of issue 18 that read only 'Medium FODMAP foods': raw garlic and wheat bread with two low foods.
const lunch: DigestMeal = {
  userId: 7, mealId: 3, name: 'Garlic toast', mealType: 'lunch', eatenAt: new Date('2026-02-10T12:15:00Z'), timeZone: 'Europe/London', completed: false,
  foods: [
    { entryId: 1, quantity: 1, servingUnit: 'clove', grams: 3, food: snapshot(1, 'Garlic, raw', 'high', '1 clove (3 g)', 3) },
    { entryId: 2, quantity: 2, servingUnit: 'slices', grams: 58, food: snapshot(2, 'Wheat bread', 'high', '2 slices (58 g)', 58) },
    { entryId: 3, quantity: 1, servingUnit: 'serving', grams: 100, food: snapshot(3, 'Lettuce', 'low', '1 cup (100 g)', 100) },
    { entryId: 4, quantity: 1, servingUnit: 'serving', grams: 100, food: snapshot(4, 'Chicken', 'low', '1 cup (100 g)', 100) },
  ],
};
const render = (context: object) => new EmailRenderer().render('meal', context);

describe('meal email content', () => {
  it('names the high foods before the meal’s FODMAP risk and its band, never a score', () => {
    const context = mealEmailContext(recipient, { ...lunch, completed: true }, 'https://app.example/diary', null, 'completed');
    expect(context.meal).toMatchObject({ lead: ['High: Garlic, raw; Wheat bread'], risk: 'FODMAP risk 50 · Notable medium/high FODMAP content', bandColor: '#ed6c02' });
    const email = render(context);
    for (const body of [email.text, email.html]) {
      expect(body.indexOf('High: Garlic, raw; Wheat bread')).toBeGreaterThan(body.indexOf('Chicken'));
      expect(body.indexOf('High: Garlic, raw; Wheat bread')).toBeLessThan(body.indexOf('FODMAP risk 50 · Notable medium/high FODMAP content'));
      expect(body).not.toMatch(/score/i);
    }
  });

  it('says the meal was completed when completing it sent the email', () => {
    const email = render(mealEmailContext(recipient, { ...lunch, completed: true }, 'https://app.example/diary', null, 'completed'));
    expect(email.text).toContain('You completed Garlic toast (Lunch, Tuesday, February 10 at 12:15 PM).');
    expect(email.html).toContain('You completed <strong>Garlic toast</strong>');
  });

  it('claims no completion in the test send, which shows the newest meal whether completed or not', () => {
    const context = mealEmailContext(recipient, lunch, 'https://app.example/diary', null, 'test');
    expect(context.test).toBe(true);
    const email = render(context);
    expect(email.text).toContain(
      'This is a test meal email. It shows your newest meal, Garlic toast (Lunch, Tuesday, February 10 at 12:15 PM), as the email sent when you complete a meal would.',
    );
    for (const body of [email.text, email.html]) expect(body).not.toContain('You completed');
  });
});
