import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { aFood } from '../foods/food-fixtures';
import { aMeal } from '../../test-kit';
import { mealFoodOf } from './meal-builder';
import { MealCard } from './MealCard';

const foods = ['Oats', 'Banana', 'Milk', 'Honey', 'Walnuts'].map((name, index) => mealFoodOf({ food: aFood({ id: index + 1, name }), quantity: 1, servingUnit: 'serving' }, index + 1));
const noop = jest.fn();

afterEach(cleanup);

describe('meal card (spec §2, §9)', () => {
  it("shows 3 foods and '+N more', which shows the rest", () => {
    render(<MealCard meal={aMeal({ name: 'Breakfast bowl', foods, fodmapBand: 'low' })} timeZone="Europe/London" onOpen={noop} onRepeat={noop} />);
    const list = () => screen.getByRole('list', { name: 'Foods in Breakfast bowl' });
    expect(within(list()).getByText('Oats')).toBeTruthy();
    expect(within(list()).queryByText('Honey')).toBeNull();
    expect(screen.getByText('Mostly low FODMAP foods')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '+2 more' }));
    expect(within(list()).getByText('Honey')).toBeTruthy();
    expect(within(list()).getByText('Walnuts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(within(list()).queryByText('Walnuts')).toBeNull();
  });

  it("has no '+N more' with 3 foods or fewer, and shows a completed meal as such", () => {
    render(<MealCard meal={aMeal({ foods: foods.slice(0, 3), completed: true })} timeZone="Europe/London" onOpen={noop} onRepeat={noop} />);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
    expect(screen.getByText('Completed')).toBeTruthy();
  });
});
