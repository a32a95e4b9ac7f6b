import { describe, expect, it } from '@jest/globals';
import { aFood } from '../foods/food-fixtures';
import { newBuilderItem } from './meal-builder';
import { previewItems } from './meal-preview';

const none = { fructans: 0, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0 };

describe('meal builder preview (spec §4)', () => {
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
