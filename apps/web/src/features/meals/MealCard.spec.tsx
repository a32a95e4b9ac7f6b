import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { aFood } from '../foods/food-fixtures';
import { scoreMealFoods } from '@fodmap/contracts';
import { aMeal } from '../../test-kit';
import { mealFoodOf } from './meal-preview';
import { MealCard } from './MealCard';

const foods = ['Oats', 'Banana', 'Milk', 'Honey', 'Walnuts'].map((name, index) =>
  mealFoodOf({ food: aFood({ id: index + 1, name, fodmapRating: 'low' }), quantity: 1, servingUnit: 'serving' }, index + 1),
);
const noop = jest.fn();

afterEach(cleanup);

describe('meal card (spec §2, §9)', () => {
  it("shows 3 foods and '+N more', which shows the rest", () => {
    render(<MealCard meal={aMeal({ name: 'Breakfast bowl', foods, ...scoreMealFoods(foods) })} timeZone="Europe/London" onOpen={noop} onRepeat={noop} />);
    const list = () => screen.getByRole('list', { name: 'Foods in Breakfast bowl' });
    expect(within(list()).getByText('Oats')).toBeTruthy();
    expect(within(list()).queryByText('Honey')).toBeNull();
    expect(screen.getByText('FODMAP risk 0 · Mostly low FODMAP foods')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '+2 more' }));
    expect(within(list()).getByText('Honey')).toBeTruthy();
    expect(within(list()).getByText('Walnuts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(within(list()).queryByText('Walnuts')).toBeNull();
  });

  it('names a lunch’s high foods first, then its FODMAP risk with the band’s words', () => {
    const lunch = [
      mealFoodOf({ food: aFood({ id: 1, name: 'Garlic, raw', fodmapRating: 'high', servingSize: '1 clove (3 g)', servingGrams: 3 }), quantity: 1, servingUnit: 'clove' }, 1),
      mealFoodOf({ food: aFood({ id: 2, name: 'Wheat bread', fodmapRating: 'high', servingSize: '2 slices (58 g)', servingGrams: 58 }), quantity: 2, servingUnit: 'slices' }, 2),
      mealFoodOf({ food: aFood({ id: 3, name: 'Lettuce', fodmapRating: 'low' }), quantity: 1, servingUnit: 'serving' }, 3),
      mealFoodOf({ food: aFood({ id: 4, name: 'Chicken breast', fodmapRating: 'low' }), quantity: 1, servingUnit: 'serving' }, 4),
    ];
    render(<MealCard meal={aMeal({ name: 'Garlic toast', foods: lunch, ...scoreMealFoods(lunch) })} timeZone="Europe/London" onOpen={noop} onRepeat={noop} />);
    const card = screen.getByRole('article', { name: 'Garlic toast' }).textContent ?? '';
    expect(card).toContain('High: Garlic, raw; Wheat bread');
    expect(card).toContain('FODMAP risk 50 · Notable medium/high FODMAP content');
    expect(card.indexOf('High: Garlic, raw; Wheat bread')).toBeLessThan(card.indexOf('FODMAP risk 50'));
    expect(card).not.toMatch(/score/i);
  });

  it("has no '+N more' with 3 foods or fewer, and shows a completed meal as such", () => {
    render(<MealCard meal={aMeal({ foods: foods.slice(0, 3), completed: true })} timeZone="Europe/London" onOpen={noop} onRepeat={noop} />);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
    expect(screen.getByText('Completed')).toBeTruthy();
  });
});
