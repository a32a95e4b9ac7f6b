import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogueFood, catalogueDirectory, readCatalogue } from '../catalogue/catalogue-file';
import { FoodSearchIndex, Negation } from './food-search-index';
import { searchable } from './searchable';

/**
 * Search quality on the real catalogue (issue 10): everyday queries as people type them, with typos, plurals, British
 * and American names and exclusions ('lactose free'), each expecting a given food among the first three results.
 * The everyday flag is read from catalogue.json and, until the data build has written it, from everyday-foods.csv.
 */
const directory = catalogueDirectory();
const catalogue = readCatalogue(directory);
if (!catalogue) throw new Error(`No catalogue at ${directory}: run the data build first`);
const everydayKeys = readFileSync(join(directory, 'sources', 'everyday-foods.csv'), 'utf8')
  .split(/\r?\n/)
  .slice(1)
  .map((line) => line.trim())
  .filter(Boolean);
const everyday = new Set(everydayKeys);
const foods: CatalogueFood[] = catalogue.foods;
const index = new FoodSearchIndex(
  foods.map((food, id) =>
    searchable({ id, name: food.name, synonyms: food.synonyms, everyday: food.everyday || everyday.has(food.key), category: food.category ?? null, lactose: food.lactose, fodmapRating: food.fodmapRating }),
  ),
);
const topKeys = (query: string, count: number) => index.search(query, count).map((hit) => foods[hit.id].key);

/** query → the key expected in the top 3 */
const QUERIES: ReadonlyArray<readonly [string, string]> = [
  // the plain, common form
  ['milk', 'milk-whole'],
  ['bread', 'bread-white'],
  ['tomato', 'tomato'],
  ['rice', 'rice-white'],
  ['chicken', 'chicken-breast'],
  ['cheese', 'cheese-cheddar'],
  ['egg', 'egg'],
  ['onion', 'onion'],
  ['potato', 'potato'],
  ['pepper', 'bell-pepper-red'],
  ['oats', 'oats'],
  ['salmon', 'salmon'],
  ['tuna', 'tuna-canned-water'],
  ['beef mince', 'beef-ground-90'],
  // typos
  ['galic', 'garlic'],
  ['bananna', 'banana-ripe'],
  ['brocoli', 'broccoli'],
  ['tomatoe', 'tomato'],
  ['potatoe', 'potato'],
  ['straberries', 'strawberries'],
  ['avacado', 'avocado'],
  ['zuchini', 'zucchini'],
  ['cucmber', 'cucumber'],
  ['pinapple', 'pineapple'],
  ['tumeric', 'turmeric'],
  ['yoghrt', 'yogurt-plain'],
  ['chedar', 'cheese-cheddar'],
  ['spinich', 'spinach'],
  ['quinao', 'quinoa'],
  // plurals and singulars
  ['carrots', 'carrot'],
  ['eggs', 'egg'],
  ['blueberry', 'blueberries'],
  ['almond', 'almonds'],
  ['chickpea', 'chickpeas-canned'],
  ['lentil', 'lentils'],
  ['peaches', 'peach'],
  ['sweet potatoes', 'sweet-potato'],
  ['pumpkin seed', 'pumpkin-seeds'],
  // British, American, Australian names
  ['capsicum', 'bell-pepper-red'],
  ['courgette', 'zucchini'],
  ['aubergine', 'eggplant'],
  ['coriander', 'coriander-leaves'],
  ['cilantro', 'coriander-leaves'],
  ['rocket', 'arugula'],
  ['prawns', 'shrimp'],
  ['crisps', 'potato-chips'],
  ['wholemeal bread', 'bread-whole-wheat'],
  ['pak choi', 'bok-choy'],
  ['butternut pumpkin', 'butternut-squash'],
  ['soya milk', 'soy-milk-unsweetened'],
  ['houmous', 'hummus'],
  ['garbanzo beans', 'chickpeas-canned'],
  // everyday foods of the diet added in the second edition
  ['spring onion', 'spring-onion-greens'],
  ['scallion greens', 'spring-onion-greens'],
  ['porridge oats', 'rolled-oats'],
  ['oat milk', 'oat-milk'],
  ['kefir', 'kefir'],
  ['garlic infused oil', 'garlic-infused-oil'],
  ['spelt sourdough', 'sourdough-spelt'],
  ['sourdough', 'sourdough-white'],
  ['chai', 'chai-weak'],
  ['fennel tea', 'tea-fennel'],
  ['canned lentils', 'lentils-canned'],
  ['kabocha', 'japanese-pumpkin'],
  // exclusions
  ['lactose free milk', 'lactose-free-milk'],
  ['dairy free milk', 'almond-milk'],
  ['gluten free bread', 'bread-gluten-free'],
  ['gluten-free pasta', 'pasta-gluten-free'],
  ['sugar free gum', 'gum-sugarless'],
  ['wheat free soy sauce', 'tamari'],
  ['caffeine free cola', 'cola-caffeine-free'],
  ['fat free milk', 'milk-skim'],
];

/** Queries that exclude something, with a key the catalogue must not answer first: the ordinary food. */
const EXCLUSIONS: ReadonlyArray<readonly [string, string]> = [
  ['lactose free milk', 'milk-whole'],
  ['gluten free bread', 'bread-white'],
  ['gluten-free pasta', 'pasta'],
  ['sugar free gum', 'chewing-gum'],
  ['sugar free cola', 'cola'],
  ['dairy free milk', 'milk-whole'],
  ['wheat free soy sauce', 'soy-sauce'],
  ['caffeine free cola', 'cola'],
  ['fat free milk', 'milk-whole'],
  ['lactose free yogurt', 'yogurt-plain'],
];

describe('search quality on the catalogue', () => {
  it(`has ${QUERIES.length} everyday queries, at least 60`, () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(QUERIES.map(([query]) => query)).size).toBe(QUERIES.length);
  });

  it.each(QUERIES)('%s → %s in the top 3', (query, key) => {
    expect(topKeys(query, 3)).toContain(key);
  });

  it('ranks the plain, common form first', () => {
    expect(topKeys('milk', 20).indexOf('milk-whole')).toBeLessThan(topKeys('milk', 20).indexOf('milk-chocolate'));
    expect(topKeys('milk', 1)).toEqual(['milk-whole']);
    expect(topKeys('tomato', 20).indexOf('tomatoes-canned')).toBeGreaterThan(-1);
    expect(topKeys('tomato', 20).indexOf('tomato')).toBeLessThan(topKeys('tomato', 20).indexOf('tomatoes-canned'));
    expect(topKeys('tomato', 1)).toEqual(['tomato']);
    expect(['bread-white', 'bread-wheat']).toContain(topKeys('bread', 1)[0]);
  });

  it("does not take a mixed dish's nutrient-table zero as 'lactose free' ('lactose free cheese' is not a cheesesteak)", () => {
    expect(topKeys('lactose free cheese', 3)).not.toContain('cheesesteak');
  });

  it.each(EXCLUSIONS)('never answers %s with an ordinary food first (%s)', (query, ordinary) => {
    const [first] = index.search(query, 1);
    expect(foods[first.id].key).not.toBe(ordinary);
    expect(first.negation).not.toBe(Negation.Ordinary);
    expect(first.negation).not.toBe(Negation.Contains);
  });
});

describe('everyday-foods.csv', () => {
  it('lists 150 to 250 catalogue foods, each once', () => {
    const keys = new Set(foods.map((food) => food.key));
    expect(everydayKeys.length).toBeGreaterThanOrEqual(150);
    expect(everydayKeys.length).toBeLessThanOrEqual(250);
    expect(everyday.size).toBe(everydayKeys.length);
    expect(everydayKeys.filter((key) => !keys.has(key))).toEqual([]);
  });
});
