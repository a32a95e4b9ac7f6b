/**
 * Servings people eat (issue 10, fault 7): the checks the data tests run on every food's serving. Written on the
 * serving's words (USDA household measure text or our own), not on a list of foods, so a new food is checked too.
 */

export interface ServingUnderTest {
  key: string;
  name: string;
  category: string;
  /** '<words> (<grams> g)' as shown */
  servingSize: string;
  servingGrams: number;
  /** the USDA description (or our own for a food outside USDA) */
  description: string;
}

/** Categories eaten by the teaspoon or tablespoon. */
const SPOON_CATEGORIES = new Set(['herbs_spices', 'sweeteners', 'condiments']);
/** Spoon measures are fine for these too (2 tbsp seeds, 1 tbsp butter, 2 tbsp cream), never for a vegetable or a fruit. */
const SPOON_ALLOWED = new Set([...SPOON_CATEGORIES, 'fats_oils', 'nuts_seeds', 'dairy', 'dairy_alternatives', 'soups_sauces', 'snacks_sweets', 'legumes', 'grains_breads', 'drinks', 'prepared_foods']);
const SPOON = /\b(tsp|tbsp|teaspoons?|tablespoons?)\b/i;
/** A sweetener is also taken by the packet or sachet. */
const SMALL_MEASURE = /\b(tsp|tbsp|teaspoons?|tablespoons?|packets?|sachets?)\b/i;
/** Garlic is eaten by the clove (about 3 g, the serving FODMAP tests use) and gum by the stick. */
const CLOVE = /^\S+ cloves?\b/i;
const GUM = /\bgum\b/i;
/**
 * Label and survey wording that is not a portion: 'serving size varied from 1 to 3 enchiladas', '1 NLEA serving',
 * '1 serving 2.13 oz bar', '1 serving (301 g)', '6 inches sub', '1 each taco', '1 cup spaghetti not packed'.
 */
const NOT_A_PORTION = /serving size varied|\bnlea\b|\bservings?\b|\boz bar\b|^\S+ package\b|\byields\b|\binches sub\b|^\S+ each\b|\bnot packed\b/i;
/** Whole large produce: nobody eats a whole head of cabbage, a whole melon or a 331 g onion as a serving. */
const PRODUCE = new Set(['fruit', 'vegetables']);
const WHOLE_LARGE = /\b(head|whole|melon)\b/i;
/** Uncooked flour, meal, dry grains and dry pasta or tapioca are measured by the cup for recipes, not eaten by the cup. */
const DRY_STAPLE = /\b(flour|meal|dry|uncooked|dehydrated)\b|mature seeds, raw/i;
const DRY_STAPLE_CATEGORIES = new Set(['grains_breads', 'legumes']);
const COOKED = /\b(cooked|boiled|prepared|baked)\b/i;

/** What is wrong with a food's serving, or null when it is an ordinary portion in plain words. */
export function servingProblem(food: ServingUnderTest): string | null {
  const words = food.servingSize.replace(/\s*\([\d.]+ g\)$/, '');
  const g = food.servingGrams;
  if (NOT_A_PORTION.test(words)) return `'${food.servingSize}' is label wording, not a portion`;
  if (g < 5 && !(SPOON_CATEGORIES.has(food.category) && SMALL_MEASURE.test(words)) && !CLOVE.test(words) && !(GUM.test(food.name) && /\b(sticks?|pieces?)\b/i.test(words))) {
    return `${g} g is not a serving (only a spoon or packet of a herb, spice, sweetener or condiment, a garlic clove or a stick of gum weighs under 5 g)`;
  }
  if (SPOON.test(words) && !SPOON_ALLOWED.has(food.category)) return `'${food.servingSize}': nobody eats ${food.category} by the spoon`;
  const text = `${food.name} ${food.description}`;
  if (/\bcups?\b/i.test(words) && DRY_STAPLE.test(text) && !COOKED.test(text) && (/\bflour\b/i.test(food.name) || DRY_STAPLE_CATEGORIES.has(food.category))) {
    const amount = Number(/^([\d.]+)/.exec(words)?.[1] ?? '1');
    if (!(amount <= 0.5) && !/[¼⅓½]/.test(words.slice(0, 2))) return `'${food.servingSize}' of dry ${food.name.toLowerCase()} is a recipe amount, not a serving`;
  }
  const oneItem = /^1 /.test(words) && !/\b(cups?|slices?|tbsp|tsp|oz|fl)\b/i.test(words) && PRODUCE.has(food.category);
  if ((WHOLE_LARGE.test(words) && g > 200) || (oneItem && g > 250)) return `'${food.servingSize}' is a whole large item, not a serving`;
  const slices = /^([\d.]+) slices?\b/i.exec(words);
  if (slices && g / Number(slices[1]) > 120) return `'${food.servingSize}': a slice weighing over 120 g is not an ordinary slice`;
  if (g > 500) return `${g} g is more than one serving`;
  return null;
}
