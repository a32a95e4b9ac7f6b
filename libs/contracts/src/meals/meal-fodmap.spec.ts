import { describe, expect, it } from '@jest/globals';
import { UNMEASURED_COMPONENTS } from '../foods/fodmap-rating';
import type { FoodSnapshot } from './meal';
import { dayScoreRelation } from './day-score-bands';
import { dayScore, entryRating, fodmapRisk, mealFoodEntry, mealRiskSummary, mealScoreBand, scoreMealFoods, stackMeal } from './meal-fodmap';
import { gramsEaten, servingsEaten, servingUnitOf, servingUnitsFor } from './serving-units';

const food = (overrides: Partial<FoodSnapshot>): FoodSnapshot => ({
  id: 1,
  name: 'Food',
  fodmapRating: 'low',
  servingSize: '1 cup (100 g)',
  servingGrams: 100,
  caloriesPerServing: 100,
  foodType: 'other',
  oligoGroup: 'other',
  ibsTriggerType: null,
  ...UNMEASURED_COMPONENTS,
  ...overrides,
});
const none = { fructans: 0, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0 };

describe('serving units', () => {
  it("reads the unit after the serving's leading number, and 'serving' when there is none", () => {
    expect(servingUnitOf('1 cup, chopped (160 g)')).toEqual({ unit: 'cup', count: 1 });
    expect(servingUnitOf('2 slices (60 g)')).toEqual({ unit: 'slices', count: 2 });
    expect(servingUnitOf('1/2 Cup (75 g)')).toEqual({ unit: 'cup', count: 0.5 });
    expect(servingUnitOf('1 1/2 tbsp (20 g)')).toEqual({ unit: 'tbsp', count: 1.5 });
    expect(servingUnitOf('A handful')).toEqual({ unit: 'serving', count: 1 });
    expect(servingUnitOf(null)).toEqual({ unit: 'serving', count: 1 });
  });

  it('reads servings that start with a fraction sign, alone or after a whole number (spec §5)', () => {
    expect(servingUnitOf('½ cup (115 g)')).toEqual({ unit: 'cup', count: 0.5 });
    expect(servingUnitOf('¼ avocado, sliced (35 g)')).toEqual({ unit: 'avocado', count: 0.25 });
    expect(servingUnitOf('¾ cup, cooked (130 g)')).toEqual({ unit: 'cup', count: 0.75 });
    expect(servingUnitOf('1½ cups (45 g)')).toEqual({ unit: 'cups', count: 1.5 });
    expect(servingUnitOf('6¾ fl oz (200 ml)').count).toBeCloseTo(6.75);
    expect(servingUnitOf('⅓ package (85 g)').count).toBeCloseTo(1 / 3);
    expect(servingUnitOf('⅔ cup').count).toBeCloseTo(2 / 3);
    expect(servingUnitOf('⅛ pie (120 g)')).toEqual({ unit: 'pie', count: 0.125 });
    expect(servingUnitsFor({ servingSize: '½ cup (115 g)' })).toEqual(['cup', 'serving', 'g']);
    // Half a cup is the serving: a whole cup is two servings.
    expect(servingsEaten(food({ servingSize: '½ cup (115 g)', servingGrams: 115 }), 1, 'cup')).toBe(2);
  });

  it('offers the food’s own unit, a serving and grams', () => {
    expect(servingUnitsFor({ servingSize: '2 slices (60 g)' })).toEqual(['slices', 'serving', 'g']);
    expect(servingUnitsFor({ servingSize: '100 g' })).toEqual(['g', 'serving']);
  });

  it('counts one slice of a two-slice serving as half a serving, and grams against the serving weight', () => {
    const bread = food({ servingSize: '2 slices (60 g)', servingGrams: 60 });
    expect(servingsEaten(bread, 1, 'slices')).toBe(0.5);
    expect(gramsEaten(bread, 1, 'slices')).toBe(30);
    expect(gramsEaten(bread, 2, 'serving')).toBe(120);
    expect(gramsEaten(bread, 45, 'g')).toBe(45);
    expect(servingsEaten(bread, 45, 'g')).toBe(0.75);
    expect(servingsEaten(bread, 1, 'cup')).toBeNull();
  });
});

describe('the rating at the amount eaten', () => {
  it('keeps a categorical rating up to one serving, and no longer calls a food low above it', () => {
    const oats = food({ fodmapRating: 'low' });
    expect(entryRating(oats, 100, 1)).toBe('low');
    expect(entryRating(oats, 50, 0.5)).toBe('low');
    expect(entryRating(oats, 200, 2)).toBe('unknown');
    expect(entryRating(food({ fodmapRating: 'high' }), 200, 2)).toBe('high');
    expect(entryRating(food({ fodmapRating: 'unknown' }), 50, 0.5)).toBe('unknown');
  });

  it('rates measured components at the grams eaten: a pinch of a high food can be low, a big plate of a low one high', () => {
    const garlic = food({ fodmapRating: 'high', ...none, fructans: 17, servingGrams: 3 });
    expect(entryRating(garlic, 1, 0.33)).toBe('low');
    const rice = food({ fodmapRating: 'low', ...none });
    expect(entryRating(rice, 400, 4)).toBe('low');
    const apple = food({ fodmapRating: 'low', ...none, excessFructose: 0.1 });
    expect(entryRating(apple, 300, 3)).toBe('low');
    expect(entryRating(apple, 1000, 10)).toBe('high');
  });

  it("rates the amount against the food's tested servings: low up to the low one, high from the high one, medium between", () => {
    // Red bell pepper: low at 43 g, high at 150 g; our serving 1 cup (119 g) is medium.
    const pepper = food({ fodmapRating: 'medium', servingGrams: 119, lowUpToGrams: 43, highFromGrams: 150 });
    expect(entryRating(pepper, 40, 40 / 119)).toBe('low');
    expect(entryRating(pepper, 43, 43 / 119)).toBe('low');
    expect(entryRating(pepper, 60, 60 / 119)).toBe('medium');
    expect(entryRating(pepper, 150, 150 / 119)).toBe('high');
    // Low up to 60 g with no high serving tested: a 2-cup bowl is more than shown low, so medium, never low.
    const raspberries = food({ fodmapRating: 'low', servingGrams: 60, lowUpToGrams: 60, highFromGrams: null });
    expect(entryRating(raspberries, 250, 250 / 60)).toBe('medium');
    // An entry logged before the portion guide keeps the old rule.
    expect(entryRating(food({ fodmapRating: 'low' }), 200, 2)).toBe('unknown');
  });
});

describe('scores', () => {
  it('weighs medium foods 50 and high foods 100 per share of the rated foods, leaving unknown ones out (spec §4)', () => {
    expect(fodmapRisk(['low', 'medium', 'high', 'low'])).toEqual({ risk: 38, unknown: 0 });
    expect(fodmapRisk(['low', 'unknown'])).toEqual({ risk: 0, unknown: 1 });
    expect(fodmapRisk(['unknown'])).toEqual({ risk: null, unknown: 1 });
  });

  it('bands a meal as the spec does, with no foods grey and all-unknown said so', () => {
    expect([0, 20, 21, 40, 41, 70, 71, 100].map((risk) => mealScoreBand(1, risk))).toEqual(['low', 'low', 'medium', 'medium', 'notable', 'notable', 'high', 'high']);
    expect(mealScoreBand(0, null)).toBe('none');
    expect(mealScoreBand(2, null)).toBe('unknown');
  });

  it('scores the day as 100 minus its risk on the §9 bands, null when nothing is rated', () => {
    expect(dayScore(['low', 'low'])).toEqual({ score: 100, band: 'excellent', unknown: 0 });
    expect(dayScore(['low', 'medium'])).toEqual({ score: 75, band: 'good', unknown: 0 });
    // A risk of 37.5 reads 38% on Insights, so the day scores 62 (not 63): the two screens show the same day.
    expect(fodmapRisk(['high', 'medium', 'low', 'low']).risk).toBe(38);
    expect(dayScore(['high', 'medium', 'low', 'low'])).toEqual({ score: 62, band: 'good', unknown: 0 });
    expect(dayScore(['high', 'low'])).toEqual({ score: 50, band: 'fair', unknown: 0 });
    expect(dayScore(['high', 'high', 'unknown'])).toEqual({ score: 0, band: 'poor', unknown: 1 });
    expect(dayScore([])).toEqual({ score: null, band: null, unknown: 0 });
  });
});

describe('a meal’s FODMAP risk as people read it', () => {
  /** A meal of these foods at these amounts, scored as the journal scores it. */
  const meal = (...eaten: Array<[FoodSnapshot, number, string]>) => {
    const foods = eaten.map(([snapshot, quantity, servingUnit], id) => mealFoodEntry({ id, quantity, servingUnit, grams: gramsEaten(snapshot, quantity, servingUnit), food: snapshot }));
    return { foods, ...scoreMealFoods(foods) };
  };
  // As the catalogue has them: garlic's fructans measured, high from one clove; the bread rated from statements alone.
  const garlic = food({ name: 'Garlic, raw', fodmapRating: 'high', servingSize: '1 clove (3 g)', servingGrams: 3, fructans: 9.8, lactose: 0, highFromGrams: 3 });
  const wheatBread = food({ name: 'Wheat bread', fodmapRating: 'high', servingSize: '2 slices (58 g)', servingGrams: 58 });
  const low = (name: string) => food({ name, servingSize: '1 cup (100 g)', servingGrams: 100, ...none });

  it('names the high foods of a lunch of raw garlic and wheat bread before its band, which alone reads only medium', () => {
    const lunch = meal([garlic, 1, 'clove'], [wheatBread, 2, 'slices'], [low('Chicken breast'), 1, 'cup'], [low('Lettuce'), 1, 'cup'], [low('Tomato'), 1, 'cup'], [low('Cucumber'), 1, 'cup']);
    expect(lunch.fodmapBand).toBe('medium');
    expect(mealRiskSummary(lunch)).toEqual({ lead: ['High: Garlic, raw; Wheat bread'], band: 'FODMAP risk 33 · Medium FODMAP foods', color: 'yellow' });
  });

  it('names each high food once, at the amount eaten: a spoonful of onion is not high', () => {
    expect(mealRiskSummary(meal([garlic, 2, 'clove'], [wheatBread, 2, 'slices'], [garlic, 1, 'clove'])).lead).toEqual(['High: Garlic, raw; Wheat bread']);
    const onion = food({ name: 'Onion', fodmapRating: 'high', servingSize: '1/2 cup (80 g)', servingGrams: 80, ...none, fructans: 1 });
    expect(mealRiskSummary(meal([onion, 10, 'g'], [low('Rice'), 1, 'cup']))).toEqual({ lead: [], band: 'FODMAP risk 0 · Mostly low FODMAP foods', color: 'green' });
  });

  it('says which groups the foods add up over the limit together, after the high foods', () => {
    const leek = food({ name: 'Leek leaves', ...none, fructans: 0.15 });
    const broccoli = food({ name: 'Broccoli heads', ...none, fructans: 0.1 });
    expect(mealRiskSummary(meal([leek, 1, 'cup'], [broccoli, 1, 'cup'], [wheatBread, 2, 'slices']))).toEqual({
      lead: ['High: Wheat bread', 'Fructans and GOS (oligosaccharides) add up over the limit'],
      band: 'FODMAP risk 33 · Medium FODMAP foods',
      color: 'yellow',
    });
    const cheese = (name: string) => food({ name, ...none, lactose: 0.6 });
    expect(mealRiskSummary(meal([cheese('Brie'), 1, 'cup'], [cheese('Cheddar'), 1, 'cup'])).lead).toEqual(['Lactose adds up over the limit']);
  });

  it('gives the band’s words alone when no food is rated, and nothing to lead with when there are no foods', () => {
    expect(mealRiskSummary(meal())).toEqual({ lead: [], band: 'No foods', color: 'grey' });
    expect(mealRiskSummary(meal([food({ name: 'Curry', fodmapRating: 'unknown' }), 1, 'cup'])).band).toBe('FODMAP content unknown');
  });

  it('states how the day’s score and the meals’ risk relate', () => {
    expect(dayScoreRelation('Today')).toBe('Today’s score is 100 minus the FODMAP risk of today’s foods, so higher is better; a meal’s FODMAP risk runs the other way, from 0 (mostly low) up.');
    expect(dayScoreRelation('The day')).toMatch(/^The day’s score is 100 minus the FODMAP risk of the day’s foods/);
  });
});

describe('stacking', () => {
  it('flags a meal of individually low foods whose fructans add up over the cut-off', () => {
    const a = food({ name: 'A', ...none, fructans: 0.15 });
    const b = food({ name: 'B', ...none, fructans: 0.1 });
    const stacking = stackMeal([{ food: a, grams: 100 }, { food: b, grams: 100 }]);
    expect(stacking.stacked).toEqual(['oligosaccharides']);
    expect(stacking.groups.find(({ group }) => group === 'oligosaccharides')).toEqual({ group: 'oligosaccharides', grams: 0.25, cutoff: 0.2, over: true });
    expect(stacking.unknownFoods).toBe(0);
  });

  it('does not call a group stacked when one food alone is over its cut-off', () => {
    const onion = food({ ...none, fructans: 1 });
    expect(stackMeal([{ food: onion, grams: 100 }]).stacked).toEqual([]);
  });

  it('holds grains and legumes to 0.3 g of oligosaccharides, and counts foods it cannot weigh or measure', () => {
    const bread = food({ ...none, fructans: 0.25, oligoGroup: 'grain_legume_nut' });
    const stacking = stackMeal([{ food: bread, grams: 100 }, { food: food({}), grams: 100 }, { food: bread, grams: null }]);
    expect(stacking.groups.find(({ group }) => group === 'oligosaccharides')).toMatchObject({ grams: 0.25, cutoff: 0.3, over: false });
    expect(stacking.unknownFoods).toBe(2);
  });
});
