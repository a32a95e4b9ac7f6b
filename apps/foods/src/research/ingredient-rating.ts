/**
 * Rates a packaged food from its label's ingredient list, without the model (issue 11's ingredient path).
 *
 * The rules, in our own words, from what Monash University's low FODMAP research and Varney et al. 2017
 * (J Gastroenterol Hepatol 32 Suppl 1:53-61, doi:10.1111/jgh.13698) publish:
 * - Onion and garlic (fructans), wheat, rye and barley as a main ingredient (fructans), inulin, chicory root (fibre)
 *   and fructo-oligosaccharides (fructans added as fibre), legumes (galacto-oligosaccharides), honey, agave,
 *   high-fructose corn syrup and apple or pear juice concentrate (excess fructose), the polyols sorbitol, mannitol,
 *   xylitol, maltitol and isomalt, and milk, milk solids and whey (lactose) are high FODMAP in the amounts a
 *   label's leading ingredients are used at: one of them makes the food high, and the answer names it.
 * - Low only when EVERY ingredient is on the short list of ingredients that are low FODMAP at any amount a
 *   packaged food holds (rice, oats, potato, salt, sugar, plain oils, …): one ingredient we cannot place makes the
 *   food 'unknown' ("check the label"), never low by default, because a rating someone eats by must not guess.
 * Wheat, rye and barley count only as a main ingredient: the first three of the list, where a label puts what it
 * holds most of (labels list by weight); a trace further down (e.g. barley malt extract) is not rated high.
 */

import type { FodmapTriggerGroup } from '@fodmap/contracts';

export type IngredientRating = 'low' | 'high' | 'unknown';

export interface IngredientVerdict {
  rating: IngredientRating;
  /** The sentence saved as the food's description: why it got its rating. */
  reason: string;
  /** The high FODMAP ingredients found, as printed on the label. */
  highIngredients: string[];
  /** The FODMAP groups those ingredients hold (the catalogue names them on a high food). */
  groups: FodmapTriggerGroup[];
  /** Ingredients neither high nor known low: what makes an answer 'unknown'. */
  unplacedIngredients: string[];
}

/** What a person checks a label for when a mixed food's FODMAPs depend on its recipe. */
export const LABEL_CHECK = 'onion, garlic, wheat, honey, high-fructose corn syrup, inulin or chicory root, milk and sugar alcohols (sorbitol, mannitol, xylitol)';

interface HighRule {
  pattern: RegExp;
  /** what it holds, for the reason */
  fodmap: string;
  groups: FodmapTriggerGroup[];
  /** only in the label's leading ingredients */
  mainOnly?: true;
}

// Maltitol and isomalt have no group of their own among the seven; like sorbitol they are poorly absorbed sugar
// alcohols, so they are put down to sorbitol, the polyol people are tested for.
const HIGH_RULES: HighRule[] = [
  { pattern: /\b(onions?|shallots?|leeks?)\b/, fodmap: 'fructans', groups: ['fructans'] },
  { pattern: /\bgarlic\b/, fodmap: 'fructans', groups: ['fructans'] },
  { pattern: /\b(wheat|rye|barley|spelt)\b/, fodmap: 'fructans', groups: ['fructans'], mainOnly: true },
  { pattern: /\binulin\b/, fodmap: 'fructans', groups: ['fructans'] },
  { pattern: /\bchicory\b/, fodmap: 'fructans', groups: ['fructans'] },
  { pattern: /\b(fos|fructo-?oligosaccharides?|oligofructose)\b/, fodmap: 'fructans', groups: ['fructans'] },
  { pattern: /\bhoney\b/, fodmap: 'excess fructose', groups: ['excessFructose'] },
  { pattern: /\bhigh[- ]fructose corn syrup\b|\bhfcs\b/, fodmap: 'excess fructose', groups: ['excessFructose'] },
  { pattern: /\bagave\b/, fodmap: 'excess fructose', groups: ['excessFructose'] },
  { pattern: /\b(apple|pear)\b.*\b(juice|concentrate)\b/, fodmap: 'excess fructose and sorbitol', groups: ['excessFructose', 'sorbitol'] },
  { pattern: /\bsorbitol\b|\be ?420\b/, fodmap: 'polyols', groups: ['sorbitol'] },
  { pattern: /\bmannitol\b|\be ?421\b/, fodmap: 'polyols', groups: ['mannitol'] },
  { pattern: /\bxylitol\b|\be ?967\b/, fodmap: 'polyols', groups: ['xylitol'] },
  { pattern: /\b(maltitol|isomalt)\b|\be ?(953|965)\b/, fodmap: 'polyols', groups: ['sorbitol'] },
  // Added lactose is high wherever it is listed; milk, whey and cream only as a main ingredient (a trace of whey powder
  // is far below the 1 g cut-off). Cream of tartar is a salt of tartaric acid, not cream.
  { pattern: /\blactose\b(?![- ]free)/, fodmap: 'lactose', groups: ['lactose'] },
  { pattern: /\b(milk|milk solids|milk powder|whey|cream|buttermilk|condensed milk)\b(?! of tartar)/, fodmap: 'lactose', groups: ['lactose'], mainOnly: true },
  // Legumes, not the oil pressed from them, nor beans that are not legumes eaten as such (vanilla, cocoa, coffee,
  // jelly beans) or green beans, which are low.
  {
    pattern: /(?<!\b(vanilla|cocoa|coffee|green|jelly|string|french|runner)\s)\bbeans?\b|\b(lentils?|chickpeas?|chick peas?|soy flour|split peas?)\b|\bsoy ?beans?\b(?!\s+oil)/,
    fodmap: 'galacto-oligosaccharides',
    groups: ['galactans'],
  },
];

/** Ingredients low FODMAP at any amount a packaged food holds them in. */
const LOW_INGREDIENTS = [
  /^(brown |white |wild |basmati |jasmine )?rice( flour)?$/,
  /^(rolled |whole |gluten[- ]free )?oats?( flour)?$/,
  /^potato(es)?( starch)?$/,
  /^corn(starch| starch| flour)?$|^maize( flour| starch)?$|^polenta$/,
  /^(sea |iodised |iodized )?salt$/,
  /^(cane |brown |white )?sugar$|^sucrose$|^glucose( syrup)?$|^dextrose$|^maple syrup$/,
  /^(extra virgin )?olive oil$|^(sunflower|canola|rapeseed|rice bran|vegetable|coconut|peanut) oil$|^butter$/,
  /^water$|^eggs?$|^quinoa$|^buckwheat( flour)?$|^millet$|^tapioca( starch)?$|^sorghum( flour)?$/,
  /^(black |white )?pepper$|^vinegar$|^(white |rice |red wine )?vinegar$|^yeast$|^baking soda$|^citric acid$/,
  /^carrots?$|^tomato(es)?$|^spinach$|^zucchini$|^cucumber$|^lettuce$|^ginger$|^chives$|^parsley$|^basil$/,
  /^chicken$|^beef$|^pork$|^lamb$|^fish$|^salmon$|^tuna$|^tofu$|^peanuts?$|^walnuts?$|^lactose[- ]free milk$/,
  // Maltodextrin is a glucose polymer digested to glucose; the intense sweeteners are neither sugars nor polyols;
  // cream of tartar and calcium silicate are mineral salts: none holds a FODMAP.
  /^maltodextrin$|^sucralose$|^saccharin$|^aspartame$|^(stevia|steviol glycosides?)( extract)?$|^cream of tartar$|^calcium silicate$/,
];

/** Splits a printed list into ingredients: commas and semicolons, and the parts of bracketed sub-lists. */
export function splitIngredients(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[()[\]{}]/g, ',')
    .split(/[,;]|\band\b/)
    .map((part) => part.replace(/\d+(\.\d+)?\s*%/g, '').replace(/\.$/, '').replace(/\s+/g, ' ').trim())
    .filter((part) => part.length > 0 && !/^contains\b/.test(part));
}

/** How many leading ingredients count as main ones. */
const MAIN_INGREDIENTS = 3;

export function rateIngredients(text: string): IngredientVerdict {
  const ingredients = splitIngredients(text);
  const high: Array<{ ingredient: string; rule: HighRule }> = [];
  ingredients.forEach((ingredient, index) => {
    if (/\b(lactose[- ]free|gluten[- ]free)\b/.test(ingredient)) return;
    const rule = HIGH_RULES.find((candidate) => candidate.pattern.test(ingredient) && (!candidate.mainOnly || index < MAIN_INGREDIENTS));
    if (rule) high.push({ ingredient, rule });
  });
  if (high.length > 0) {
    const named = high.map(({ ingredient, rule }) => `${ingredient} (${rule.fodmap})`).join(', ');
    return {
      rating: 'high',
      reason: `High FODMAP from its ingredients: ${named}.`,
      highIngredients: high.map(({ ingredient }) => ingredient),
      groups: [...new Set(high.flatMap(({ rule }) => rule.groups))],
      unplacedIngredients: [],
    };
  }
  const unplaced = ingredients.filter((ingredient) => !LOW_INGREDIENTS.some((pattern) => pattern.test(ingredient)));
  if (ingredients.length > 0 && unplaced.length === 0) {
    return { rating: 'low', reason: 'Low FODMAP from its ingredients: every ingredient is low FODMAP.', highIngredients: [], groups: [], unplacedIngredients: [] };
  }
  return { rating: 'unknown', reason: 'Not rated from its ingredients: some are not known to us; check the label.', highIngredients: [], groups: [], unplacedIngredients: unplaced };
}
