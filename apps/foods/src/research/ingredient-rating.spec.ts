import { describe, expect, it } from '@jest/globals';
import { rateIngredients } from './ingredient-rating';

describe('rateIngredients', () => {
  it.each([
    ['wheat flour, sugar, chicory root fibre', ['wheat flour', 'chicory root fibre']],
    ['rice, onion powder, salt', ['onion powder']],
    ['oats, honey, sunflower oil', ['honey']],
    ['sugar, maltitol, cocoa butter', ['maltitol']],
    ['corn, milk solids, salt', ['milk solids']],
    ['rice, apple juice concentrate', ['apple juice concentrate']],
    ['potato, chickpeas, salt', ['chickpeas']],
    ['oats, inulin', ['inulin']],
  ])("rates '%s' high, naming %j", (label, named) => {
    const verdict = rateIngredients(label);
    expect(verdict.rating).toBe('high');
    expect(verdict.highIngredients).toEqual(named);
    for (const ingredient of named) expect(verdict.reason).toContain(ingredient);
  });

  it.each(['brown rice, salt', 'Rolled oats (95%), sugar, salt.', 'potato, sunflower oil, sea salt', 'dextrose, maltodextrin, sucralose', 'dextrose, saccharin, cream of tartar, calcium silicate'])("rates '%s' low: every ingredient is low", (label) => {
    expect(rateIngredients(label).rating).toBe('low');
  });

  it('counts milk, whey and cream only as main ingredients, and never cream of tartar, soybean oil or vanilla beans', () => {
    expect(rateIngredients('potato, sunflower oil, salt, whey powder').rating).not.toBe('high');
    expect(rateIngredients('saccharin, cream of tartar, dextrose').rating).not.toBe('high');
    expect(rateIngredients('soybean oil, water, salt, whey').rating).not.toBe('high');
    expect(rateIngredients('sugar, vanilla beans').rating).not.toBe('high');
    expect(rateIngredients('sugar, lactose, cocoa butter').highIngredients).toEqual(['lactose']);
    expect(rateIngredients('rice, black beans').highIngredients).toEqual(['black beans']);
  });

  it('counts wheat only as a main ingredient: a trace far down the list is not rated high', () => {
    expect(rateIngredients('rice, corn, sugar, salt, barley malt extract').rating).toBe('unknown');
  });

  it("answers 'unknown' and says to check the label when an ingredient is not known to be low", () => {
    expect(rateIngredients('dates, cocoa, salt')).toMatchObject({ rating: 'unknown', reason: expect.stringContaining('check the label') });
    expect(rateIngredients('lactose-free milk, rice').rating).toBe('low');
  });
});

describe('rateIngredients: groups and unplaced ingredients', () => {
  it('names the FODMAP groups of the high ingredients', () => {
    expect(rateIngredients('wheat flour, onion powder, honey').groups).toEqual(['fructans', 'excessFructose']);
    expect(rateIngredients('rice, apple juice concentrate').groups).toEqual(['excessFructose', 'sorbitol']);
    expect(rateIngredients('potato, lentils').groups).toEqual(['galactans']);
    expect(rateIngredients('sugar, maltitol').groups).toEqual(['sorbitol']);
  });

  it('lists the ingredients it could not place when it answers unknown', () => {
    expect(rateIngredients('dates, cocoa, salt').unplacedIngredients).toEqual(['dates', 'cocoa']);
    expect(rateIngredients('brown rice, salt')).toMatchObject({ rating: 'low', groups: [], unplacedIngredients: [] });
  });
});
