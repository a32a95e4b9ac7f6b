import { describe, expect, it } from '@jest/globals';
import { aFood } from '../foods/food-fixtures';
import { addToItems, defaultMealName, newBuilderItem, parseQuantity, previewItems } from './meal-builder';

const none = { fructans: 0, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0 };

describe('meal builder rules (spec §4, §5)', () => {
  it("names a meal after its foods: 'X meal', 'X & Y', 'X & N other foods'", () => {
    expect(defaultMealName([])).toBe('');
    expect(defaultMealName([{ name: 'Oats' }])).toBe('Oats meal');
    expect(defaultMealName([{ name: 'Oats' }, { name: 'Banana' }])).toBe('Oats & Banana');
    expect(defaultMealName([{ name: 'Oats' }, { name: 'Banana' }, { name: 'Milk' }, { name: 'Honey' }])).toBe('Oats & 3 other foods');
  });

  it('starts a food at 1 of its serving’s unit, and adds one more when it is added again', () => {
    const bread = aFood({ id: 3, name: 'Bread', servingSize: '2 slices (60 g)', servingGrams: 60 });
    const first = addToItems([], bread);
    expect(first.merged).toBe(false);
    expect(first.items).toEqual([{ food: bread, quantity: 1, servingUnit: 'slices' }]);
    const again = addToItems(first.items, bread);
    expect(again.merged).toBe(true);
    expect(again.items).toEqual([{ food: bread, quantity: 2, servingUnit: 'slices' }]);
    // Counted in grams, one more is one more serving's weight.
    expect(addToItems([{ food: bread, quantity: 30, servingUnit: 'g' }], bread).items[0].quantity).toBe(90);
    expect(newBuilderItem(aFood({ servingSize: 'A handful' })).servingUnit).toBe('serving');
  });

  it('takes quantities in tenths from 0.1, and falls back to 0.1 for anything else', () => {
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity('1.5')).toBe(1.5);
    expect(parseQuantity('0,3')).toBe(0.3);
    expect(parseQuantity('1.26')).toBe(1.3);
    for (const typed of ['', 'abc', '0', '-2', '0.04', 'Infinity']) expect(parseQuantity(typed)).toBe(0.1);
  });

  it('previews the score, the stacking and the calories of the foods together', () => {
    // Each 0.15 g of fructans per serving is under the 0.2 g cut-off; two servings together are over it.
    const leek = aFood({ id: 1, name: 'Leek greens', fodmapRating: 'low', servingGrams: 100, caloriesPerServing: 30, category: 'vegetables', ...none, fructans: 0.15 });
    const onion = aFood({ id: 2, name: 'Spring onion greens', fodmapRating: 'low', servingGrams: 100, caloriesPerServing: 20, category: 'vegetables', ...none, fructans: 0.15 });
    const preview = previewItems([newBuilderItem(leek), newBuilderItem(onion)]);
    expect(preview.fodmapBand).toBe('low');
    expect(preview.stacking.stacked).toEqual(['oligosaccharides']);
    expect(preview.totalCalories).toBe(50);

    const mystery = previewItems([newBuilderItem(aFood({ id: 9, fodmapRating: 'unknown', caloriesPerServing: null }))]);
    expect(mystery).toMatchObject({ fodmapBand: 'unknown', unknownFoods: 1, totalCalories: null });
    expect(previewItems([]).fodmapBand).toBe('none');
  });
});
