/**
 * The rating method of the catalogue build (apps/foods/scripts/rating) on small fixtures: one test per fault of issue 10,
 * each showing the fault cannot happen, plus the pure functions' edges.
 */
import { describe, expect, it } from '@jest/globals';
import { rateServing, UNMEASURED_COMPONENTS, type FodmapComponents } from '@fodmap/contracts';
import { rateIngredients } from '../research/ingredient-rating';
import { excessFructoseEstimate, lowByLactoseUpperBound, portionFromComponents } from '../../scripts/rating/components';
import { decideRating, UNKNOWN_EXPLANATION, type FoodEvidence } from '../../scripts/rating/decide';
import { aboutMeasure, portionText } from '../../scripts/rating/household';
import { servingProblem, type ServingUnderTest } from '../../scripts/rating/servings';
import { kindProblem, parseStatement, rateAtServing, resolveStatements, type Statement } from '../../scripts/rating/statements';

const statement = (values: Partial<Statement> & Pick<Statement, 'rating' | 'servingGrams'>): Statement => ({
  key: 'food',
  servingText: '',
  groups: values.rating === 'low' ? [] : ['fructans'],
  year: 2020,
  source: 'monash',
  names: 'food',
  statement: '',
  weight: 1,
  ...values,
});
const ZERO: FodmapComponents = { fructans: 0, galactans: 0, excessFructose: 0, sorbitol: 0, mannitol: 0, xylitol: 0, lactose: 0 };
const evidence = (values: Partial<FoodEvidence>): FoodEvidence => ({
  servingGrams: 100,
  servingSize: '1 cup (100 g)',
  oligoGroup: 'other',
  components: { ...UNMEASURED_COMPONENTS },
  provenance: {},
  componentCitations: {},
  measuredYear: null,
  lactoseUpperBound: null,
  composition: null,
  statements: [],
  ingredients: null,
  measures: [],
  ...values,
});
const cite = (source: string, year?: number | null) => (year ? `${source}, ${year}` : source);

describe('fault 1: a statement holds at its tested serving only', () => {
  const pepperLow43 = statement({ rating: 'low', servingGrams: 43, groups: ['excessFructose'], names: 'red capsicum' });

  it('a low statement at 43 g cannot make a 119 g serving low: it is medium, larger than the tested low serving', () => {
    const v = rateAtServing([pepperLow43], 119);
    expect(v).toMatchObject({ rating: 'medium', reason: 'aboveLow' });
    const d = decideRating(evidence({ servingGrams: 119, servingSize: '1 cup (119 g)', statements: [pepperLow43] }), cite);
    expect(d).toMatchObject({ rating: 'medium', basis: 'statements', fodmapGroups: ['excessFructose'] });
    // Over twice the serving shown low, the amount may hold more than twice the cut-off: medium is the least it is.
    expect(d.ratingExplanation).toBe('Medium FODMAP (excess fructose) at 1 cup (119 g): more than twice the tested low serving of 43 g (monash, 2020); it may be high.');
    const half = decideRating(evidence({ servingGrams: 80, servingSize: '½ cup (80 g)', statements: [pepperLow43] }), cite);
    expect(half.ratingExplanation).toBe('Medium FODMAP (excess fructose) at ½ cup (80 g): larger than the tested low serving of 43 g (monash, 2020).');
    expect(d.portion).toMatchObject({ lowUpToGrams: 43, highFromGrams: null });
  });

  it('low at X holds at S ≤ X, with 5 % for rounding', () => {
    expect(rateAtServing([pepperLow43], 43)?.rating).toBe('low');
    expect(rateAtServing([pepperLow43], 45)?.rating).toBe('low');
    expect(rateAtServing([pepperLow43], 46)?.rating).toBe('medium');
  });

  it('a high statement at a large serving does not make a tiny serving high: half or more is medium, less decides nothing', () => {
    const lycheeHigh = statement({ rating: 'high', servingGrams: 90, groups: ['sorbitol'] });
    expect(rateAtServing([lycheeHigh], 95)?.rating).toBe('high');
    expect(rateAtServing([lycheeHigh], 86)?.rating).toBe('high');
    expect(rateAtServing([lycheeHigh], 50)).toMatchObject({ rating: 'medium', reason: 'halfHigh' });
    expect(rateAtServing([lycheeHigh], 9.6)).toBeNull();
    const d = decideRating(evidence({ servingGrams: 9.6, servingSize: '1 fruit (9.6 g)', statements: [lycheeHigh] }), cite);
    expect(d.rating).toBe('unknown');
    expect(d.warnings.join(' ')).toContain('use the tested serving as ours');
  });

  it('between a serving shown low and one shown high is medium; at or above the high one is high', () => {
    const both = [statement({ rating: 'low', servingGrams: 75 }), statement({ rating: 'high', servingGrams: 150 })];
    expect(rateAtServing(both, 100)).toMatchObject({ rating: 'medium', reason: 'aboveLow' });
    expect(rateAtServing(both, 150)?.rating).toBe('high');
  });

  it('a medium statement proves at least medium above its serving and nothing below it', () => {
    const medium = [statement({ rating: 'medium', servingGrams: 60 })];
    expect(rateAtServing(medium, 60)?.rating).toBe('medium');
    expect(rateAtServing(medium, 90)?.rating).toBe('medium');
    expect(rateAtServing(medium, 30)).toBeNull();
  });

  it('ignores a statement row without a serving (the build lists it in a warning)', () => {
    const row = { key: 'rum', rating: 'high', servingGrams: '', servingText: '', groups: 'fructans', year: '2020', source: 'x', names: 'rum', statement: '' };
    expect(parseStatement(row, () => 1)).toEqual({ ignored: "statement rum (x, 'rum'): no servingGrams" });
    expect(parseStatement({ ...row, servingGrams: '30' }, () => 1)).toHaveProperty('statement.servingGrams', 30);
    expect(parseStatement({ ...row, servingGrams: '30', groups: '' }, () => 1)).toHaveProperty('error');
    expect(parseStatement({ ...row, servingGrams: '30', year: 'None' }, () => 1)).toHaveProperty('error');
  });
});

describe('fault 2: a statement rates only the kind it names', () => {
  const food = (name: string, category = 'vegetables') => ({ name, category });

  it("a 'mushrooms' statement cannot rate canned mushrooms; 'canned champignons' can", () => {
    expect(kindProblem(food('Mushrooms, canned'), 'mushrooms')).toMatch(/canned/);
    expect(kindProblem(food('Mushrooms, canned'), 'canned champignons')).toBeNull();
  });

  it('a fruit statement does not rate its juice or dried form, nor the reverse', () => {
    expect(kindProblem(food('Orange juice', 'drinks'), 'orange')).toMatch(/juice/);
    expect(kindProblem(food('Orange, raw', 'fruit'), 'orange juice')).toMatch(/juice/);
    expect(kindProblem(food('Cranberries, dried', 'fruit'), 'cranberries')).toMatch(/dried/);
  });

  it('refuses bare classes and another kind of a food', () => {
    for (const names of ['fruit', 'shellfish', 'hard cheeses', 'beans', 'tree nuts', 'all fresh fruit']) expect(kindProblem(food('Prawns, cooked', 'fish_seafood'), names)).toMatch(/class/);
    expect(kindProblem(food('Bread, white', 'grains_breads'), 'white bread')).toBeNull();
    expect(kindProblem(food('Bread, white', 'grains_breads'), 'bread')).toMatch(/class/);
    expect(kindProblem(food('Mixed nuts', 'nuts_seeds'), 'mixed nuts')).toBeNull();
    expect(kindProblem(food('Pumpkin, raw'), 'pumpkin seeds')).toMatch(/seeds/);
    expect(kindProblem(food('Pumpkin seeds (pepitas)', 'nuts_seeds'), 'pepitas')).toBeNull();
    expect(kindProblem(food('Tahini (sesame paste)', 'nuts_seeds'), 'tahini')).toBeNull();
    expect(kindProblem({ name: 'Coriander leaves (cilantro)', category: 'herbs_spices', synonyms: ['cilantro'] }, 'Cilantro')).toBeNull();
    expect(kindProblem(food('Mushrooms, oyster, raw'), 'mushrooms')).toMatch(/oyster/);
    expect(kindProblem(food('Bell pepper, green, raw'), 'red capsicum')).toMatch(/red/);
    expect(kindProblem(food('Broccoli stalks'), 'broccoli')).toMatch(/stalks/);
    expect(kindProblem(food('Spring onion, green tops'), 'spring onion')).toMatch(/greens/);
  });

  it('a raw test does not rate a cooked plant food', () => {
    expect(kindProblem(food('Carrots, boiled'), 'carrot')).toMatch(/cooked/);
    expect(kindProblem(food('Carrots, boiled'), 'carrot, boiled')).toBeNull();
    expect(kindProblem(food('Chicken breast, roasted', 'meat'), 'chicken breast')).toBeNull();
  });
});

describe('fault 3: a published statement beats composition rules', () => {
  it('rum: zero carbohydrate says low, a tested high statement wins and the conflict is recorded', () => {
    const rumHigh = statement({ rating: 'high', servingGrams: 30, groups: ['excessFructose'], names: 'rum' });
    const d = decideRating(
      evidence({
        servingGrams: 42,
        servingSize: '1 jigger (42 g)',
        components: ZERO,
        provenance: Object.fromEntries(Object.keys(ZERO).map((c) => [c, 'composition'])),
        componentCitations: Object.fromEntries(Object.keys(ZERO).map((c) => [c, ['usda-sr28']])),
        composition: { rule: 'zeroCarbohydrate', explanation: 'no carbohydrate, so no FODMAPs', citations: ['usda-sr28'] },
        statements: [rumHigh],
      }),
      cite,
    );
    expect(d).toMatchObject({ rating: 'high', basis: 'statements', fodmapGroups: ['excessFructose'] });
    expect(d.notes.join(' ')).toMatch(/outrank the composition rule, which gives low/);
  });
});

describe('fault 4: an upper bound proves only low', () => {
  const dairy = { ...ZERO, lactose: null };

  it('feta: carbohydrate 4.1 g/100 g at 28 g is at most 1.15 g lactose: not low, and not medium either: unknown without a statement', () => {
    expect(lowByLactoseUpperBound(dairy, 4.1, 28, 'other')).toBeNull();
    const d = decideRating(evidence({ servingGrams: 28, components: dairy, lactoseUpperBound: 4.1 }), cite);
    expect(d.rating).toBe('unknown');
  });

  it('the same upper bound proves low at a smaller serving, and a statement decides where it cannot', () => {
    expect(decideRating(evidence({ servingGrams: 20, components: dairy, lactoseUpperBound: 4.1 }), cite)).toMatchObject({ rating: 'low', basis: 'composition' });
    const fetaLow40 = statement({ rating: 'low', servingGrams: 40, names: 'feta cheese' });
    expect(decideRating(evidence({ servingGrams: 28, components: dairy, lactoseUpperBound: 4.1, statements: [fetaLow40] }), cite)).toMatchObject({ rating: 'low', basis: 'statements' });
  });
});

describe('fault 5: a newer retest wins', () => {
  it('avocado: low at 60 g (2024) supersedes high at 60 g (2011), and the old row is recorded', () => {
    const old = statement({ rating: 'high', servingGrams: 60, year: 2011, groups: ['sorbitol'] });
    const retest = statement({ rating: 'low', servingGrams: 60, year: 2024, source: 'monash-2024' });
    const { accepted, superseded } = resolveStatements([old, retest]);
    expect(accepted).toEqual([retest]);
    expect(superseded).toEqual([{ statement: old, by: retest }]);
    const d = decideRating(evidence({ servingGrams: 60, servingSize: '¼ fruit (60 g)', statements: [old, retest] }), cite);
    expect(d.rating).toBe('low');
    expect(d.notes.join(' ')).toContain('Superseded: monash, 2011 said high at 60 g');
  });

  it('same year: the more authoritative source, then the higher rating', () => {
    const blog = statement({ rating: 'low', servingGrams: 75, weight: 0.5, source: 'blog' });
    const clinic = statement({ rating: 'high', servingGrams: 75, source: 'clinic' });
    expect(resolveStatements([blog, clinic]).accepted).toEqual([clinic]);
    const a = statement({ rating: 'low', servingGrams: 75, source: 'a' });
    const b = statement({ rating: 'medium', servingGrams: 75, source: 'b' });
    expect(resolveStatements([a, b]).accepted).toEqual([b]);
  });

  it('measured values lose to a newer contradicting statement, and win over an older one', () => {
    const measured = evidence({ components: { ...ZERO, fructans: 0.5 }, provenance: { fructans: 'measured' }, componentCitations: { fructans: ['muir-2007'] }, measuredYear: 2007 });
    expect(rateServing(measured.components, 100, 'other').rating).toBe('high');
    const newer = statement({ rating: 'low', servingGrams: 100, year: 2020 });
    expect(decideRating({ ...measured, statements: [newer] }, cite)).toMatchObject({ rating: 'low', basis: 'statements' });
    const older = statement({ rating: 'low', servingGrams: 100, year: 2005 });
    const kept = decideRating({ ...measured, statements: [older] }, cite);
    expect(kept).toMatchObject({ rating: 'high', basis: 'measured', needsVerification: true });
    expect(kept.notes.join(' ')).toContain('Sources disagree');
  });
});

describe('fault 6: USDA excess fructose only with a clear margin', () => {
  it('tomato: fructose 1.37, glucose 1.25 g/100 g at 150 g spans two bands, so it stays an estimate', () => {
    const e = excessFructoseEstimate(1.37, 1.25, 150, false);
    expect(e).toMatchObject({ estimate: 0.12, clear: false });
    expect(e.uncertainty).toBeCloseTo(0.237, 3);
  });

  it('apple: fructose 5.9, glucose 2.4 g/100 g is clearly high at 182 g; glucose over fructose is clearly low', () => {
    expect(excessFructoseEstimate(5.9, 2.4, 182, false)).toMatchObject({ clear: true, estimate: 3.5 });
    expect(excessFructoseEstimate(0.5, 2.0, 100, false)).toMatchObject({ clear: true, estimate: 0 });
  });
});

describe('fault 7: servings people eat', () => {
  const serving = (values: Partial<ServingUnderTest>): ServingUnderTest => ({
    key: 'x',
    name: 'Carrot, boiled',
    category: 'vegetables',
    servingSize: '½ cup (78 g)',
    servingGrams: 78,
    description: 'Carrots, cooked, boiled, drained',
    ...values,
  });

  it('accepts ordinary portions', () => {
    expect(servingProblem(serving({}))).toBeNull();
    expect(servingProblem(serving({ name: 'Cumin', category: 'herbs_spices', servingSize: '1 tsp (2.1 g)', servingGrams: 2.1 }))).toBeNull();
    expect(servingProblem(serving({ name: 'Oats, rolled', category: 'grains_breads', servingSize: '½ cup (40 g)', servingGrams: 40, description: 'Cereals, oats, dry' }))).toBeNull();
    expect(servingProblem(serving({ name: 'Potato', servingSize: '1 Potato medium (2-1/4" to 3-1/4" dia) (213 g)', servingGrams: 213 }))).toBeNull();
    expect(servingProblem(serving({ name: 'Garlic', servingSize: '1 clove (3 g)', servingGrams: 3 }))).toBeNull();
    expect(servingProblem(serving({ name: 'Bamboo shoots', servingSize: '1 cup (1/2" slices) (151 g)', servingGrams: 151 }))).toBeNull();
  });

  it.each([
    ['1 tbsp cooked carrot', { servingSize: '1 tbsp (9.5 g)', servingGrams: 9.5 }],
    ['4.5 g radish', { name: 'Radish', servingSize: '1 medium (4.5 g)', servingGrams: 4.5 }],
    ['1 cup of flour', { name: 'Wheat flour, white', category: 'grains_breads', servingSize: '1 cup (125 g)', servingGrams: 125, description: 'Wheat flour, white, all-purpose' }],
    ['1 cup of dry tapioca', { name: 'Tapioca, pearl', category: 'grains_breads', servingSize: '1 cup (152 g)', servingGrams: 152, description: 'Tapioca, pearl, dry' }],
    ['a whole onion', { name: 'Onion', servingSize: '1 whole large (331 g)', servingGrams: 331 }],
    ['a 331 g onion', { name: 'Sweet onion', servingSize: '1 onion (331 g)', servingGrams: 331 }],
    ['a package', { name: 'Peas and carrots', servingSize: '1 package (10 oz) yields (278 g)', servingGrams: 278 }],
    ['a 139 g slice', { name: 'Watermelon', category: 'fruit', servingSize: '1 slice (139 g)', servingGrams: 139 }],
    ['serving size varied', { category: 'prepared_foods', servingSize: '1 serving (serving size varied from 1 to 3 enchiladas) (300 g)', servingGrams: 300 }],
    ['an oz bar', { category: 'snacks_sweets', servingSize: '1 serving 2.13 oz bar (60 g)', servingGrams: 60 }],
    ['survey words for a sub', { category: 'prepared_foods', servingSize: '6 inches sub (148 g)', servingGrams: 148 }],
    ["'each'", { category: 'prepared_foods', servingSize: '1 each taco (98 g)', servingGrams: 98 }],
    ["'not packed'", { category: 'grains_breads', servingSize: '1 cup spaghetti not packed (117 g)', servingGrams: 117 }],
  ])('rejects %s', (_, values) => {
    expect(servingProblem(serving(values))).not.toBeNull();
  });
});

describe('ingredients, groups, explanations and portions', () => {
  it('rates a mixed food from its ingredients with the shared rules: high names its groups, an unplaced ingredient means check the label', () => {
    const high = decideRating(evidence({ ingredients: { verdict: rateIngredients('tomatoes, onion, garlic, salt'), source: 'usda-sr28' } }), cite);
    expect(high).toMatchObject({ rating: 'high', basis: 'ingredients', fodmapGroups: ['fructans'], checkLabel: false });
    const unsure = decideRating(evidence({ ingredients: { verdict: rateIngredients('dates, cocoa'), source: 'usda-sr28' } }), cite);
    expect(unsure).toMatchObject({ rating: 'unknown', basis: 'none', checkLabel: true });
    expect(unsure.ratingExplanation).toMatch(/^Depends on the recipe: check the label for /);
  });

  it('lets an ingredient list that proves high outrank a minimum the known components prove (waffles: lactose at least medium, wheat flour high)', () => {
    const d = decideRating(
      evidence({
        components: { ...UNMEASURED_COMPONENTS, lactose: 2 },
        provenance: { lactose: 'derived' },
        componentCitations: { lactose: ['usda-sr28'] },
        ingredients: { verdict: rateIngredients('enriched wheat flour, milk, egg, sugar'), source: 'label' },
      }),
      cite,
    );
    expect(d).toMatchObject({ rating: 'high', basis: 'ingredients' });
    expect(d.fodmapGroups).toContain('fructans');
  });

  it('explains an unknown rating honestly and never rates low by default', () => {
    expect(decideRating(evidence({}), cite)).toMatchObject({ rating: 'unknown', ratingExplanation: UNKNOWN_EXPLANATION, needsVerification: true });
  });

  it('fails a medium or high rating without groups', () => {
    const noGroups = statement({ rating: 'low', servingGrams: 40 });
    expect(decideRating(evidence({ servingGrams: 100, statements: [noGroups] }), cite).errors).toHaveLength(1);
  });

  it('cites the statement and the tested low serving in a low explanation', () => {
    const s = statement({ rating: 'low', servingGrams: 75, year: 2024, servingText: '½ cup' });
    const d = decideRating(evidence({ servingGrams: 75, servingSize: '½ cup (75 g)', statements: [s] }), cite);
    expect(d.ratingExplanation).toBe('Low FODMAP at ½ cup (75 g): monash, 2024. Low up to 75 g.');
    expect(d.portion).toEqual({ lowUpToGrams: 75, lowUpToText: 'about ½ cup', highFromGrams: null, highFromText: null });
  });

  it('computes the portion guide from fully known components: the largest low and the smallest high grams', () => {
    const c = { ...ZERO, fructans: 0.4 };
    const p = portionFromComponents(c, 'other')!;
    expect(p).toEqual({ lowUpToGrams: 50, highFromGrams: 101 });
    expect(rateServing(c, p.lowUpToGrams!, 'other').rating).toBe('low');
    expect(rateServing(c, p.lowUpToGrams! + 1, 'other').rating).not.toBe('low');
    expect(rateServing(c, p.highFromGrams!, 'other').rating).toBe('high');
    expect(rateServing(c, p.highFromGrams! - 1, 'other').rating).not.toBe('high');
    expect(portionFromComponents({ ...c, lactose: null }, 'other')).toBeNull();
    expect(portionFromComponents(ZERO, 'other')).toBeNull();
  });

  it('words a portion from the source, else from the closest household measure', () => {
    const measures = [{ amount: 1, measure: 'cup, chopped', grams: 160 }, { amount: 1, measure: 'tbsp', grams: 10 }, { amount: 1, measure: 'NLEA serving', grams: 148 }];
    expect(portionText(75, '⅓ cup', measures)).toBe('about ⅓ cup');
    expect(aboutMeasure(80, measures)).toBe('about ½ cup, chopped');
    expect(aboutMeasure(30, measures)).toBe('about 3 tbsp');
  });
});

describe('portion words', () => {
  it("keeps the source's words a person can picture, without 'up to' or a repeated weight", () => {
    expect(portionText(75, '½ cup (75 g)', [])).toBe('about ½ cup');
    expect(portionText(4, '4 g (half a berry)', [])).toBe('about half a berry');
    expect(portionText(40, 'up to 40 grams', [])).toBeNull();
    expect(portionText(75, 'standard serve (75 g)', [])).toBeNull();
    expect(portionText(30, '30 g, cooked', [{ amount: 1, measure: 'cup', grams: 120 }])).toBe('about ¼ cup');
  });

  it('gives no household words for an amount far below the smallest measure', () => {
    expect(portionText(28, '', [{ amount: 1, measure: 'cup', grams: 246 }])).toBeNull();
  });
});

describe('a measured minimum against a statement', () => {
  const cantaloupeLow120 = statement({ rating: 'low', servingGrams: 120, names: 'cantaloupe' });
  const measuredFructans = (per100: number) =>
    evidence({ servingGrams: 120, servingSize: '¾ cup (120 g)', components: { ...UNMEASURED_COMPONENTS, fructans: per100 }, provenance: { fructans: 'measured' }, componentCitations: { fructans: ['muir-2007'] }, statements: [cantaloupeLow120] });

  it('yields to a statement that tested the serving low when the exceedance is within the table rounding (0.05 g/100 g)', () => {
    // 0.2 g/100 g → 0.24 g in 120 g, over the 0.2 g cut-off, but 0.15 g/100 g would be 0.18 g.
    expect(decideRating(measuredFructans(0.2), cite)).toMatchObject({ rating: 'low', basis: 'statements' });
  });

  it('stands when the exceedance is clear of the rounding', () => {
    // 0.5 g/100 g → 0.6 g in 120 g, and still 0.54 g at 0.45 g/100 g.
    expect(decideRating(measuredFructans(0.5), cite)).toMatchObject({ rating: 'high', basis: 'measured' });
  });
});
