import { describe, expect, it } from '@jest/globals';
import { aFood } from '../foods/food-fixtures';
import { portionWarning } from './portion-warning';

const none = { fructans: 0, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0 };

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
