import { describe, expect, it } from '@jest/globals';
import { at } from './clock-fixtures';
import { lastAt, mealTypeAt, mealTypeOf, mealWhenProblem, usualMinutes } from './meal-time';


describe('when a meal was eaten (issue 18)', () => {
  it('names the meal by its hour: breakfast in the morning, lunch at midday, dinner in the evening, else a snack', () => {
    expect([7, 11, 16, 19, 23].map((hour) => mealTypeAt(at(3, hour)))).toEqual(['breakfast', 'lunch', 'snack', 'dinner', 'snack']);
  });

  it('lets the type follow the time until the person picks one', () => {
    const noon = at(3, 12);
    expect(mealTypeOf({ at: null, chosenType: null }, noon)).toBe('lunch');
    expect(mealTypeOf({ at: at(3, 8), chosenType: null }, noon)).toBe('breakfast');
    expect(mealTypeOf({ at: at(3, 8), chosenType: 'snack' }, noon)).toBe('snack');
  });

  it('takes the usual time of a type from the person’s own meals (the median), else the defaults', () => {
    const meals = [
      { mealType: 'breakfast' as const, timestamp: at(1, 7, 0).toISOString() },
      { mealType: 'breakfast' as const, timestamp: at(2, 7, 30).toISOString() },
      { mealType: 'breakfast' as const, timestamp: at(3, 10, 45).toISOString() },
    ];
    expect(usualMinutes(meals)).toEqual({ breakfast: 7 * 60 + 30, lunch: 12 * 60 + 30, dinner: 19 * 60, snack: 15 * 60 + 30 });
  });

  it('offers a usual time today once it has passed, else yesterday’s', () => {
    const noon = at(3, 12);
    expect(lastAt(8 * 60, noon)).toEqual(at(3, 8));
    expect(lastAt(19 * 60, noon)).toEqual(at(2, 19));
  });

  it('refuses a time more than a minute ahead, as the server does', () => {
    const noon = at(3, 12);
    expect(mealWhenProblem({ at: at(3, 12, 5), chosenType: null }, noon)).toBe('Meal time must not be in the future');
    expect(mealWhenProblem({ at: new Date(noon.getTime() + 30_000), chosenType: null }, noon)).toBeUndefined();
    expect(mealWhenProblem({ at: null, chosenType: null }, noon)).toBeUndefined();
  });
});
