/**
 * Well-known ratings at stated servings, each from a published statement (source and year beside it), and the coverage
 * goal of issue 10. The rating asserted is the catalogue's at the STATED serving: its own rating when its serving is
 * that one (±5 %), otherwise what its components or its portion guide say at that serving.
 *
 * Most entries are Monash University laboratory results as restated by the pages named (the Monash app itself is not
 * openly readable); a few rest on USDA SR28 figures against the Varney et al. 2017 cut-offs, or on a composition
 * statement. Keys marked 'new' are everyday foods issue 10 asks the data helpers to add.
 *
 * Entries were written from the pages named, apart from the data files; many are the same pages the data cites, so
 * they check the method (serving, kind, retests) more than the sources themselves.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { entryRating, type FodmapComponents, type FodmapRating, type FoodSnapshot, type OligoGroup } from '@fodmap/contracts';

interface CatalogueFood extends FodmapComponents {
  key: string;
  category: string;
  servingGrams: number;
  oligoGroup: OligoGroup;
  fodmapRating: FodmapRating;
  portion: { lowUpToGrams: number | null; highFromGrams: number | null } | null;
}
const catalogue = JSON.parse(readFileSync(resolve(__dirname, '../../data/catalogue.json'), 'utf8')) as { foods: CatalogueFood[] };
const byKey = new Map(catalogue.foods.map((f) => [f.key, f]));

const ROUNDING = 0.05;
/**
 * The catalogue's rating of a food at `grams`, as a person logging that amount sees it: its own rating at its serving
 * (±5 %), otherwise the journal's rating at the amount eaten (components, then the portion guide).
 */
function ratingAt(food: CatalogueFood, grams: number): FodmapRating {
  if (Math.abs(food.servingGrams - grams) <= grams * ROUNDING) return food.fodmapRating;
  const snapshot = { ...food, lowUpToGrams: food.portion?.lowUpToGrams ?? null, highFromGrams: food.portion?.highFromGrams ?? null } as unknown as FoodSnapshot;
  return entryRating(snapshot, grams, grams / food.servingGrams);
}

type Rated = 'low' | 'medium' | 'high';
interface Known {
  key: string;
  grams: number;
  rating: Rated;
  /** where the statement was read, and what it says */
  source: string;
  /** year of the test or publication, where the source gives it */
  year: number | null;
}

const NTRO = 'https://ntro.it.com';
const KNOWN: Known[] = [
  // ---- vegetables
  { key: 'bell-pepper-red', grams: 43, rating: 'low', year: 2022, source: `Monash retest: red capsicum low at 43 g (⅓ cup), ${NTRO}/are-cooked-red-bell-peppers-low-in-fodmap` },
  { key: 'bell-pepper-green', grams: 75, rating: 'low', year: 2022, source: `Monash: green capsicum low at 75 g (½ cup), ${NTRO}/nutrition-diet-are-green-peppers-high-or-low-in-fodmap` },
  { key: 'bell-pepper-yellow', grams: 35, rating: 'low', year: 2022, source: `Monash: yellow capsicum low at 35 g, ${NTRO}/are-peppers-ok-on-a-fodmap-diet-navigating-bell-and-chili-varieties` },
  { key: 'broccoli', grams: 75, rating: 'low', year: null, source: 'Monash: whole broccoli low at 75 g (issue 10 audit)' },
  { key: 'broccoli-florets', grams: 75, rating: 'low', year: null, source: `Monash: broccoli heads low at 75 g, ${NTRO}/what-is-the-complete-list-of-low-fodmap-vegetables` },
  { key: 'mushrooms-canned', grams: 75, rating: 'low', year: null, source: `Monash: canned champignons low at ½ cup (75 g) drained, ${NTRO}/understanding-what-type-of-mushroom-is-low-fodmap-for-a-gut-friendly-diet` },
  { key: 'mushrooms-oyster', grams: 75, rating: 'low', year: null, source: `Monash: fresh oyster mushrooms low at 1 cup (75 g), ${NTRO}/understanding-what-type-of-mushroom-is-low-fodmap-for-a-gut-friendly-diet` },
  { key: 'sweet-potato', grams: 75, rating: 'low', year: null, source: `Monash: sweet potato low at 75 g, ${NTRO}/what-is-the-complete-list-of-low-fodmap-vegetables` },
  { key: 'green-beans', grams: 75, rating: 'low', year: null, source: `Monash: green beans low at 75 g (about 15 beans), ${NTRO}/what-legumes-are-low-in-fodmap` },
  { key: 'eggplant', grams: 75, rating: 'low', year: null, source: `Monash: eggplant low at 75 g, ${NTRO}/what-is-the-complete-list-of-low-fodmap-vegetables` },
  { key: 'cabbage', grams: 75, rating: 'low', year: null, source: `Monash: white cabbage low at 75 g, ${NTRO}/what-is-the-complete-list-of-low-fodmap-vegetables` },
  { key: 'cabbage-red', grams: 75, rating: 'low', year: null, source: `Monash: red cabbage low at 75 g, ${NTRO}/what-is-the-complete-list-of-low-fodmap-vegetables` },
  { key: 'celeriac', grams: 75, rating: 'low', year: null, source: `Monash: celeriac low at 75 g, ${NTRO}/what-is-the-complete-list-of-low-fodmap-vegetables` },
  { key: 'edamame', grams: 75, rating: 'low', year: null, source: `Monash: edamame low at 75 g, ${NTRO}/understanding-what-legumes-are-fodmap-friendly` },
  { key: 'butternut-squash', grams: 45, rating: 'low', year: 2022, source: 'Monash: butternut squash low at ⅓ cup (45 g), SOS Cuisine, https://www.soscuisine.it/blog/fodmap-families-top-foods/' },
  { key: 'spinach', grams: 30, rating: 'low', year: null, source: '1 cup spinach listed low, https://strandsofmylife.com/foods-can-eat-low-fodmap-diet' },
  { key: 'cucumber', grams: 52, rating: 'low', year: null, source: '½ cup cucumber listed low, https://strandsofmylife.com/foods-can-eat-low-fodmap-diet' },
  { key: 'carrot', grams: 61, rating: 'low', year: null, source: '1 medium carrot listed low, https://strandsofmylife.com/foods-can-eat-low-fodmap-diet' },
  { key: 'lettuce-iceberg', grams: 72, rating: 'low', year: null, source: '1 cup lettuce listed low, https://strandsofmylife.com/foods-can-eat-low-fodmap-diet' },
  { key: 'bok-choy', grams: 70, rating: 'low', year: null, source: `Monash: bok choy low at 1 cup, ${NTRO}/what-is-the-complete-list-of-low-fodmap-vegetables` },
  { key: 'spring-onion-greens', grams: 75, rating: 'low', year: null, source: `new; Monash: green tops of spring onion low at 75 g, ${NTRO}/are-green-onions-low-in-fodmap-a-guide-to-including-scallions-in-your-diet` },
  { key: 'garlic', grams: 3, rating: 'high', year: 2007, source: 'Muir et al. 2007: garlic fructans 17.4 g/100 g, 0.5 g in a 3 g clove against the 0.2 g cut-off (Varney et al. 2017)' },
  { key: 'onion', grams: 160, rating: 'high', year: 2007, source: 'Muir et al. 2007: brown onion fructans 2.1 g/100 g, 3.4 g in a cup' },
  { key: 'leek', grams: 89, rating: 'high', year: 2007, source: 'Muir et al. 2007: leek bulb fructans 7.1 g/100 g' },
  { key: 'garlic-infused-oil', grams: 14, rating: 'low', year: null, source: `new; fructans do not dissolve in oil: garlic-infused oil is low, ${NTRO}/are-garlic-and-onions-in-the-same-fodmap-group` },
  // ---- fruit
  { key: 'strawberries', grams: 65, rating: 'low', year: null, source: `Monash: strawberries low at 65 g (about 5 medium), ${NTRO}/what-fruit-has-the-lowest-fodmap-a-guide-to-ibs-friendly-choices` },
  { key: 'raspberries', grams: 60, rating: 'low', year: null, source: 'Monash: raspberries low to about 60 g (issue 10 audit)' },
  { key: 'orange', grams: 130, rating: 'low', year: null, source: 'Monash: orange low at 1 medium (130 g), https://gutwisehealth.com/blog/complete-low-fodmap-food-list-2026' },
  { key: 'blueberries', grams: 49, rating: 'low', year: null, source: 'Monash: blueberries low at ⅓ cup (49 g), https://gutwisehealth.com/blog/complete-low-fodmap-food-list-2026' },
  { key: 'pineapple', grams: 140, rating: 'low', year: null, source: 'Monash: pineapple low at 1 cup chopped, https://gutwisehealth.com/blog/complete-low-fodmap-food-list-2026' },
  { key: 'banana-firm', grams: 100, rating: 'low', year: null, source: 'Monash: firm banana low at 1 medium, https://gutwisehealth.com/blog/complete-low-fodmap-food-list-2026' },
  { key: 'cantaloupe', grams: 80, rating: 'low', year: null, source: 'Monash: cantaloupe low at ½ cup, https://gutwisehealth.com/blog/complete-low-fodmap-food-list-2026' },
  { key: 'honeydew', grams: 90, rating: 'low', year: null, source: 'Monash: honeydew low at ½ cup (90 g), https://casadesante.com/blogs/low-fodmap-life/are-melons-low-fodmap' },
  { key: 'watermelon', grams: 15, rating: 'low', year: null, source: 'Monash: watermelon low at 15 g, https://casadesante.com/blogs/low-fodmap-life/are-melons-low-fodmap' },
  { key: 'watermelon', grams: 150, rating: 'high', year: null, source: 'Monash: watermelon high above 15 g (fructose, fructans, mannitol), https://casadesante.com/blogs/low-fodmap-life/are-melons-low-fodmap' },
  { key: 'avocado', grams: 60, rating: 'low', year: 2024, source: 'Monash retest: avocado low at 60 g, https://www.monashfodmap.com/blog/avocado-and-fodmaps-a-smashing-new-discovery/' },
  { key: 'avocado', grams: 80, rating: 'medium', year: 2024, source: 'Monash retest: avocado moderate at 80 g, https://noba.app/es-ES/articles/62a1945e-45ca-47fe-90e0-436db68c4aaa/avocado-update' },
  { key: 'avocado', grams: 93, rating: 'high', year: 2024, source: 'Monash retest: avocado high at 93 g, https://noba.app/es-ES/articles/62a1945e-45ca-47fe-90e0-436db68c4aaa/avocado-update' },
  { key: 'coconut-water', grams: 100, rating: 'low', year: 2015, source: 'coconut water low at 100 ml (FODMAP Life, fodmaplife-coconut)' },
  // ---- grains and breads
  { key: 'bread-white', grams: 24, rating: 'low', year: 2016, source: 'Monash: white wheat bread low at 1 slice (24-35 g), https://alittlebityummy.com/blog/can-you-eat-wheat-on-the-low-fodmap-diet/' },
  { key: 'bread-white', grams: 70, rating: 'high', year: 2016, source: 'Monash: white wheat bread high at 2 slices (2 × 35 g), https://alittlebityummy.com/blog/can-you-eat-wheat-on-the-low-fodmap-diet/' },
  { key: 'pasta', grams: 74, rating: 'low', year: 2016, source: 'Monash: cooked wheat pasta low at ½ cup (74 g), https://alittlebityummy.com/blog/can-you-eat-wheat-on-the-low-fodmap-diet/' },
  { key: 'pasta', grams: 145, rating: 'high', year: 2016, source: 'Monash: cooked wheat pasta high at 1 cup, https://alittlebityummy.com/blog/can-you-eat-wheat-on-the-low-fodmap-diet/' },
  { key: 'sourdough-white', grams: 109, rating: 'low', year: 2016, source: 'new; Monash: white wheat sourdough low at 2 slices (109 g), https://alittlebityummy.com/blog/can-you-eat-wheat-on-the-low-fodmap-diet/' },
  { key: 'oats', grams: 23, rating: 'low', year: null, source: 'Monash: quick oats low to about 23 g (issue 10 audit)' },
  // ---- dairy
  { key: 'cheese-cheddar', grams: 40, rating: 'low', year: null, source: `Monash: cheddar low at 40 g, ${NTRO}/what-is-a-low-fodmap-cheese-serving-size` },
  { key: 'cheese-parmesan', grams: 40, rating: 'low', year: null, source: `Monash: parmesan low at 40 g, ${NTRO}/what-is-a-low-fodmap-cheese-serving-size` },
  { key: 'cheese-feta', grams: 40, rating: 'low', year: null, source: `Monash: feta low at 40 g, ${NTRO}/is-feta-cheese-low-in-fodmap-navigating-dairy-on-a-low-fodmap-diet` },
  { key: 'cheese-brie', grams: 40, rating: 'low', year: null, source: `Monash: brie low at 40 g, ${NTRO}/what-is-a-low-fodmap-cheese-serving-size` },
  { key: 'cheese-camembert', grams: 40, rating: 'low', year: null, source: `Monash: camembert low at 40 g, ${NTRO}/what-is-a-low-fodmap-cheese-serving-size` },
  { key: 'cheese-swiss', grams: 40, rating: 'low', year: null, source: `Monash: Swiss cheese low at 40 g, ${NTRO}/what-is-a-low-fodmap-cheese-serving-size` },
  { key: 'cheese-mozzarella', grams: 40, rating: 'low', year: null, source: `Monash: mozzarella low at 40 g, ${NTRO}/what-is-a-low-fodmap-cheese-serving-size` },
  { key: 'milk-whole', grams: 244, rating: 'high', year: 2016, source: 'USDA SR28 lactose about 5 g/100 g: 12 g a cup against the 1 g cut-off (Varney et al. 2017)' },
  { key: 'milk-skim', grams: 245, rating: 'high', year: 2016, source: 'USDA SR28 lactose about 5 g/100 g: 12 g a cup against the 1 g cut-off (Varney et al. 2017)' },
  // ---- nuts and seeds
  { key: 'almonds', grams: 12, rating: 'low', year: null, source: `Monash: almonds low at 10 nuts (12 g), ${NTRO}/understanding-what-nuts-to-avoid-on-fodmap-for-a-healthier-diet` },
  { key: 'peanuts', grams: 28, rating: 'low', year: null, source: `Monash: peanuts low at 32 nuts (28 g), ${NTRO}/what-nuts-are-ok-for-low-fodmap` },
  { key: 'walnuts', grams: 30, rating: 'low', year: null, source: `Monash: walnuts low at 10 halves (30 g), ${NTRO}/what-nuts-are-ok-for-low-fodmap` },
  { key: 'macadamias', grams: 40, rating: 'low', year: null, source: `Monash: macadamias low at 20 nuts (40 g), ${NTRO}/what-nuts-are-ok-for-low-fodmap` },
  { key: 'pecans', grams: 20, rating: 'low', year: null, source: `Monash: pecans low at 10 halves (20 g), ${NTRO}/what-nuts-are-ok-for-low-fodmap` },
  { key: 'brazil-nuts', grams: 40, rating: 'low', year: null, source: `Monash: Brazil nuts low at 10 nuts (40 g), ${NTRO}/are-nuts-okay-on-a-low-fodmap-diet-your-ultimate-guide-to-safe-snacking` },
  { key: 'chestnuts-roasted', grams: 85, rating: 'low', year: null, source: `Monash: 10 roasted chestnuts (85 g) low, ${NTRO}/are-nuts-okay-on-a-low-fodmap-diet-your-ultimate-guide-to-safe-snacking` },
  { key: 'cashews', grams: 28, rating: 'high', year: null, source: `Monash: cashews high in GOS and fructans even in small servings, ${NTRO}/which-nuts-are-not-low-in-fodmap` },
  { key: 'pistachios', grams: 28, rating: 'high', year: null, source: `Monash: pistachios high even in a small handful, ${NTRO}/understanding-what-nuts-to-avoid-on-fodmap-for-a-healthier-diet` },
  // ---- legumes
  { key: 'chickpeas-canned', grams: 42, rating: 'low', year: null, source: `Monash: canned chickpeas low at ¼ cup (42 g) drained, ${NTRO}/what-legumes-are-low-in-fodmap` },
  { key: 'lentils-canned', grams: 46, rating: 'low', year: null, source: `new; Monash: canned lentils low at ¼ cup (46 g) drained, ${NTRO}/what-legumes-are-low-in-fodmap` },
  { key: 'black-beans-canned', grams: 40, rating: 'low', year: null, source: `Monash: canned black beans low at 2 tbsp (40 g), ${NTRO}/what-legumes-are-low-in-fodmap` },
  { key: 'pinto-beans-canned', grams: 45, rating: 'low', year: null, source: `Monash: canned pinto beans low at 2 tbsp (45 g), ${NTRO}/what-legumes-are-low-in-fodmap` },
  // ---- sweeteners and sweets
  { key: 'honey', grams: 7, rating: 'low', year: null, source: 'Monash: honey low at 1 tsp (7 g), https://www.karlijnskitchen.com/en/is-honey-low-fodmap/' },
  { key: 'honey', grams: 14, rating: 'medium', year: null, source: 'Monash: honey moderate at ½ tbsp (14 g), https://www.karlijnskitchen.com/en/is-honey-low-fodmap/' },
  { key: 'honey', grams: 28, rating: 'high', year: null, source: 'Monash: honey high at 1 tbsp (28 g), https://www.karlijnskitchen.com/en/is-honey-low-fodmap/' },
  { key: 'maple-syrup', grams: 40, rating: 'low', year: null, source: `Monash: pure maple syrup low at 2 tbsp, ${NTRO}/understanding-what-sweets-are-fodmap-friendly-for-a-happier-gut` },
  { key: 'sugar', grams: 12.5, rating: 'low', year: null, source: `table sugar (sucrose) low in ordinary portions, ${NTRO}/understanding-what-sweets-are-fodmap-friendly-for-a-happier-gut` },
  // ---- drinks
  { key: 'coffee', grams: 250, rating: 'low', year: null, source: `Monash: brewed coffee low at 250 ml, ${NTRO}/are-tea-and-coffee-low-in-fodmap-your-complete-guide-to-digestible-sips` },
  { key: 'espresso', grams: 30, rating: 'low', year: null, source: `Monash: a single espresso (30 ml) low, ${NTRO}/are-tea-and-coffee-low-in-fodmap-your-complete-guide-to-digestible-sips` },
  { key: 'tea-chamomile', grams: 250, rating: 'high', year: null, source: `Monash: chamomile tea high, ${NTRO}/the-best-low-fodmap-drinks-for-a-happy-gut` },
  { key: 'beer', grams: 375, rating: 'low', year: null, source: 'one 375 ml serving of beer low (Casa de Sante, casadesante-alcohol)' },
  { key: 'wine-red', grams: 150, rating: 'low', year: null, source: 'red wine low at a 150 ml glass (Fig, foodisgood-alcohol)' },
  { key: 'wine-white', grams: 150, rating: 'low', year: null, source: 'white wine low at a 150 ml glass (Fig, foodisgood-alcohol)' },
  { key: 'vodka', grams: 30, rating: 'low', year: null, source: 'vodka low at 30 ml (Fig, foodisgood-alcohol)' },
  { key: 'gin', grams: 30, rating: 'low', year: null, source: 'gin low at 30 ml (Fig, foodisgood-alcohol)' },
  { key: 'whiskey', grams: 30, rating: 'low', year: null, source: 'whiskey low at 30 ml (Fig, foodisgood-alcohol)' },
  // ---- condiments and dairy alternatives
  { key: 'soy-sauce', grams: 42, rating: 'low', year: null, source: 'soy sauce low up to 2 tbsp (42 g) (Verde Nutrition, verdenutrition-sauces)' },
  { key: 'oyster-sauce', grams: 20, rating: 'low', year: null, source: 'oyster sauce low at 1 tbsp (20 g) (Verde Nutrition, verdenutrition-sauces)' },
  { key: 'mayonnaise', grams: 28, rating: 'low', year: null, source: 'plain mayonnaise low at 2 tbsp (FODMAP Snap, fodmapsnap-condiments)' },
  { key: 'mustard', grams: 15, rating: 'low', year: null, source: 'plain yellow mustard low at 1 tbsp (FODMAP Snap, fodmapsnap-condiments)' },
  { key: 'coconut-milk', grams: 60, rating: 'low', year: null, source: 'Monash: canned coconut milk low at ¼ cup (60 g) (FODMAP Everyday, fodmapeveryday-coconut)' },
  { key: 'coconut-cream', grams: 60, rating: 'low', year: null, source: 'Monash: coconut cream low at ¼ cup (60 g) (FODMAP Everyday, fodmapeveryday-coconut)' },
  // ---- foods without carbohydrate or FODMAPs (no serving limit)
  { key: 'egg', grams: 100, rating: 'low', year: null, source: 'eggs do not contain FODMAPs (Kaiser Permanente, kp-fodmap-handout)' },
  { key: 'egg-boiled', grams: 50, rating: 'low', year: null, source: 'eggs do not contain FODMAPs (Kaiser Permanente, kp-fodmap-handout)' },
  { key: 'chicken-breast', grams: 100, rating: 'low', year: null, source: 'meat and poultry do not contain FODMAPs (Kaiser Permanente, kp-fodmap-handout)' },
  { key: 'beef-sirloin', grams: 85, rating: 'low', year: null, source: 'meat does not contain FODMAPs (Kaiser Permanente, kp-fodmap-handout)' },
  { key: 'pork-chop', grams: 85, rating: 'low', year: null, source: 'meat does not contain FODMAPs (Kaiser Permanente, kp-fodmap-handout)' },
  { key: 'salmon', grams: 100, rating: 'low', year: null, source: 'fish does not contain FODMAPs (Kaiser Permanente, kp-fodmap-handout)' },
  { key: 'tuna-canned-water', grams: 85, rating: 'low', year: null, source: 'fish does not contain FODMAPs (Kaiser Permanente, kp-fodmap-handout)' },
  { key: 'shrimp', grams: 85, rating: 'low', year: null, source: 'shellfish do not contain FODMAPs (Kaiser Permanente, kp-fodmap-handout)' },
  { key: 'olive-oil', grams: 14, rating: 'low', year: 2016, source: 'no carbohydrate, so no FODMAPs (USDA SR28; Varney et al. 2017)' },
  { key: 'canola-oil', grams: 14, rating: 'low', year: 2016, source: 'no carbohydrate, so no FODMAPs (USDA SR28; Varney et al. 2017)' },
];

/** The audit's false ratings (issue 10): the catalogue must never again say this at that serving. */
const NEVER: { key: string; grams: number; not: Rated; why: string }[] = [
  { key: 'bell-pepper-red', grams: 119, not: 'low', why: 'low only to about 43 g (Monash retest 2022)' },
  { key: 'raspberries', grams: 123, not: 'low', why: 'low only to about 60 g' },
  // Frozen strawberries left the catalogue (no source names the frozen fruit); the fresh ones at the same 221 g:
  { key: 'strawberries', grams: 221, not: 'low', why: 'low only to about 65 g' },
  { key: 'oats', grams: 40, not: 'low', why: 'quick oats low only to about 23 g' },
  { key: 'rum', grams: 42, not: 'low', why: 'rum is not low (IBS Free 2014; Fig): no carbohydrate does not outrank a published statement' },
  { key: 'lychee', grams: 9.6, not: 'high', why: 'one lychee is far below any serving shown high' },
  { key: 'milk-chocolate', grams: 7, not: 'high', why: 'a 7 g piece is far below the serving shown high' },
  { key: 'mushrooms-canned', grams: 75, not: 'high', why: "canned champignons are low at 75 g; a 'mushrooms' statement does not rate them" },
];

describe('well-known ratings at stated servings (issue 10)', () => {
  it('lists at least 100 statements', () => {
    expect(KNOWN.length + NEVER.length).toBeGreaterThanOrEqual(100);
  });

  for (const k of KNOWN) {
    it(`${k.key} is ${k.rating} at ${k.grams} g (${k.source}${k.year ? `, ${k.year}` : ''})`, () => {
      const food = byKey.get(k.key);
      expect(food).toBeDefined();
      expect(ratingAt(food!, k.grams)).toBe(k.rating);
    });
  }

  for (const n of NEVER) {
    it(`${n.key} is not ${n.not} at ${n.grams} g: ${n.why}`, () => {
      const food = byKey.get(n.key);
      expect(food).toBeDefined();
      const rating = ratingAt(food!, n.grams);
      expect(rating).not.toBe(n.not);
      if (n.not === 'low') expect(rating).not.toBe('unknown');
    });
  }
});

describe('coverage (issue 10)', () => {
  const foods = catalogue.foods;
  const rated = foods.filter((f) => f.fodmapRating !== 'unknown');

  it('rates at least 890 foods and at least 95 % of the catalogue', () => {
    expect(rated.length).toBeGreaterThanOrEqual(890);
    expect(rated.length / foods.length).toBeGreaterThanOrEqual(0.95);
  });

  /**
   * Single herbs and spices are the known exception (data README, Known gaps): every source we could read says they are
   * low 'in cooking amounts' without a serving, and a class statement may not rate a member (fault 2), so they stay
   * honestly unknown. Categories of under 20 foods are held to at most one open food instead of 5 %.
   */
  const EXEMPT = new Set(['herbs_spices']);
  it('leaves at most 5 % of any category unknown or check-the-label (one food in a category of under 20)', () => {
    const byCategory = new Map<string, { all: number; open: number }>();
    for (const f of foods) {
      const c = byCategory.get(f.category) ?? { all: 0, open: 0 };
      c.all += 1;
      if (f.fodmapRating === 'unknown') c.open += 1;
      byCategory.set(f.category, c);
    }
    const over = [...byCategory]
      .filter(([category, c]) => !EXEMPT.has(category) && (c.all < 20 ? c.open > 1 : c.open / c.all > 0.05))
      .map(([category, c]) => `${category}: ${c.open} of ${c.all}`);
    expect(over).toEqual([]);
  });
});
