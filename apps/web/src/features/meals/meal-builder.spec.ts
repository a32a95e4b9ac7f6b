import { describe, expect, it } from '@jest/globals';
import { aFood } from '../foods/food-fixtures';
import { addToItems, defaultMealName, defaultQuantityOf, newBuilderItem, parseQuantity, portionWarning, previewItems } from './meal-builder';

const none = { fructans: 0, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0 };

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

describe('a note when the amount passes the low-FODMAP serving (issue 10)', () => {
  const raspberries = aFood({
    name: 'Raspberries',
    servingSize: '1 cup (123 g)',
    servingGrams: 123,
    fodmapRating: 'medium',
    portion: { lowUpToGrams: 60, lowUpToText: 'about ½ cup', highFromGrams: 150, highFromText: null },
  });

  it('says nothing up to the low serving, in any unit', () => {
    expect(portionWarning(raspberries, 60, 'g')).toBeNull();
    expect(portionWarning(raspberries, 0.4, 'cup')).toBeNull();
    expect(portionWarning(raspberries, 0.1, 'serving')).toBeNull();
  });

  it('past it says how much was entered and what it may be: medium until the serving shown high, then high', () => {
    expect(portionWarning(raspberries, 1, 'cup')).toBe('More than the low-FODMAP serving (60 g): 123 g may be medium');
    expect(portionWarning(raspberries, 61, 'g')).toBe('More than the low-FODMAP serving (60 g): 61 g may be medium');
    expect(portionWarning(raspberries, 150, 'g')).toBe('More than the low-FODMAP serving (60 g): 150 g may be high');
    expect(portionWarning(raspberries, 1.5, 'serving')).toBe('More than the low-FODMAP serving (60 g): 184.5 g may be high');
  });

  it('stays medium past the low serving when no source showed a high one', () => {
    const oats = aFood({ servingSize: '1 cup (80 g)', servingGrams: 80, portion: { lowUpToGrams: 52, lowUpToText: null, highFromGrams: null, highFromText: null } });
    expect(portionWarning(oats, 2, 'cup')).toBe('More than the low-FODMAP serving (52 g): 160 g may be medium');
  });

  it("agrees with the entry's badge: a high food past its low serving, at a full serving, may be high", () => {
    const garlic = aFood({ servingSize: '1 clove (3 g)', servingGrams: 3, fodmapRating: 'high', portion: { lowUpToGrams: 1, lowUpToText: null, highFromGrams: null, highFromText: null } });
    expect(portionWarning(garlic, 1, 'clove')).toBe('More than the low-FODMAP serving (1 g): 3 g may be high');
    expect(portionWarning(garlic, 0.5, 'clove')).toBe('More than the low-FODMAP serving (1 g): 1.5 g may be medium');
  });

  it('says nothing where measured amounts show the amount still low', () => {
    expect(portionWarning({ ...raspberries, ...none }, 200, 'g')).toBeNull();
  });

  it('says nothing when no source tested a low serving, or the weight eaten is not known', () => {
    expect(portionWarning({ ...raspberries, portion: null }, 500, 'g')).toBeNull();
    expect(portionWarning({ ...raspberries, portion: { lowUpToGrams: null, lowUpToText: null, highFromGrams: 150, highFromText: null } }, 500, 'g')).toBeNull();
    expect(portionWarning({ ...raspberries, servingSize: '1 punnet', servingGrams: null }, 3, 'punnet')).toBeNull();
  });
});
