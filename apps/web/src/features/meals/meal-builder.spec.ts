import { describe, expect, it } from '@jest/globals';
import { aFood } from '../foods/food-fixtures';
import { addToItems, defaultMealName, defaultQuantityOf, newBuilderItem, parseQuantity } from './meal-builder';

describe('meal builder rules (spec §4, §5)', () => {
  it("names a meal after its foods: 'X meal', 'X & Y', 'X & N other foods'", () => {
    expect(defaultMealName([])).toBe('');
    expect(defaultMealName([{ name: 'Oats' }])).toBe('Oats meal');
    expect(defaultMealName([{ name: 'Oats' }, { name: 'Banana' }])).toBe('Oats & Banana');
    expect(defaultMealName([{ name: 'Oats' }, { name: 'Banana' }, { name: 'Milk' }, { name: 'Honey' }])).toBe('Oats & 3 other foods');
  });

  it('starts a food at its serving in its unit, and adds one more serving when it is added again', () => {
    const bread = aFood({ id: 3, name: 'Bread', servingSize: '2 slices (60 g)', servingGrams: 60 });
    const first = addToItems([], bread);
    expect(first.merged).toBe(false);
    expect(first.items).toEqual([{ food: bread, quantity: 2, servingUnit: 'slices' }]);
    const again = addToItems(first.items, bread);
    expect(again.merged).toBe(true);
    expect(again.items).toEqual([{ food: bread, quantity: 4, servingUnit: 'slices' }]);
    // Counted in grams, one more is one more serving's weight; counted in servings, one more serving.
    expect(addToItems([{ food: bread, quantity: 30, servingUnit: 'g' }], bread).items[0].quantity).toBe(90);
    expect(addToItems([{ food: bread, quantity: 1, servingUnit: 'serving' }], bread).items[0].quantity).toBe(2);
    expect(newBuilderItem(aFood({ servingSize: 'A handful' }))).toMatchObject({ quantity: 1, servingUnit: 'serving' });
  });

  it('offers the rated serving first: ½ cup as 0.5 cup, never rounded up past it', () => {
    expect(newBuilderItem(aFood({ servingSize: '½ cup (115 g)' }))).toMatchObject({ quantity: 0.5, servingUnit: 'cup' });
    expect(newBuilderItem(aFood({ servingSize: '1½ cups (45 g)' }))).toMatchObject({ quantity: 1.5, servingUnit: 'cups' });
    expect(newBuilderItem(aFood({ servingSize: '1 cup (80 g)' }))).toMatchObject({ quantity: 1, servingUnit: 'cup' });
    expect(defaultQuantityOf({ servingSize: '⅔ cup' })).toBe(0.6);
    expect(defaultQuantityOf({ servingSize: '⅛ pie (120 g)' })).toBe(0.1);
    const half = aFood({ id: 5, name: 'Adzuki beans', servingSize: '½ cup (115 g)', servingGrams: 115 });
    expect(addToItems(addToItems([], half).items, half).items[0]).toMatchObject({ quantity: 1, servingUnit: 'cup' });
  });

  it('takes quantities in tenths from 0.1, and falls back to 0.1 for anything else', () => {
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity('1.5')).toBe(1.5);
    expect(parseQuantity('0,3')).toBe(0.3);
    expect(parseQuantity('1.26')).toBe(1.3);
    for (const typed of ['', 'abc', '0', '-2', '0.04', 'Infinity']) expect(parseQuantity(typed)).toBe(0.1);
  });
});
