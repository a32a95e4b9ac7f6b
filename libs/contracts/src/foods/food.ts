import { z } from 'zod';
import { Messages } from '../messages';
import { text } from '../text';
import { FOOD_DESCRIPTION_MAX_LENGTH, FOOD_NAME_MAX_LENGTH, SERVING_SIZE_MAX_LENGTH } from '../text-limits';
import { FOOD_SEARCH, FOOD_SEARCH_QUERY_MAX_LENGTH } from './food-search';
import type { FodmapComponents, FodmapRating } from './fodmap-rating';

/** Spec §3 Food: foodType. */
export const FOOD_TYPES = ['vegetable', 'fruit', 'grain', 'protein', 'dairy', 'other'] as const;
export type FoodType = (typeof FOOD_TYPES)[number];

/** A person rating their own food picks one of these; 'unknown' is only ever the catalogue's honest answer. */
export const QUICK_ADD_FODMAP_RATINGS = ['low', 'medium', 'high'] as const;

/**
 * The FODMAP groups a medium or high rating is put down to (issue 10), so that insights can attribute a person's
 * symptoms to a group. Polyols are named one by one (xylitol occurs only added, as a sweetener).
 */
export const FODMAP_TRIGGER_GROUPS = ['fructans', 'galactans', 'excessFructose', 'sorbitol', 'mannitol', 'xylitol', 'lactose'] as const;
export type FodmapTriggerGroup = (typeof FODMAP_TRIGGER_GROUPS)[number];
export const FODMAP_TRIGGER_GROUP_LABELS: Record<FodmapTriggerGroup, string> = {
  fructans: 'fructans',
  galactans: 'GOS (galacto-oligosaccharides)',
  excessFructose: 'excess fructose',
  sorbitol: 'sorbitol',
  mannitol: 'mannitol',
  xylitol: 'xylitol',
  lactose: 'lactose',
};

/**
 * How much of a catalogue food stays low FODMAP, from the tested servings behind its rating, as a dietitian would say
 * it: 'Low up to 75 g (about 1 cup)', 'High from 150 g (about 2 cups)'. Each half is null where no source tested it.
 */
export interface PortionGuide {
  /** the largest serving shown low, in grams */
  lowUpToGrams: number | null;
  /** that serving in household words, e.g. 'about 1 cup' */
  lowUpToText: string | null;
  /** the smallest serving shown high, in grams */
  highFromGrams: number | null;
  highFromText: string | null;
}

/** A source a catalogue food's figures come from; url is the source's URL or https://doi.org/<DOI>. */
export interface FoodCitation {
  id: string;
  title: string;
  url: string | null;
}

/** Spec §3 Food as the browser sees it. FODMAP components are g per 100 g; null means not measured, never 0. */
export interface Food extends FodmapComponents {
  id: number;
  name: string;
  description: string | null;
  /** e.g. '1 cup, chopped (160 g)' */
  servingSize: string | null;
  /** the serving's weight, which per-serving FODMAP amounts are computed from; null when a private food states none */
  servingGrams: number | null;
  caloriesPerServing: number | null;
  fodmapRating: FodmapRating;
  foodType: FoodType;
  /** Finer grouping of the catalogue (e.g. 'herbs_spices'); null for private foods. */
  category: string | null;
  canTriggerIbs: boolean;
  /** underscore words, e.g. 'high_fat' */
  ibsTriggerType: string | null;
  ibsTriggerSeverity: string;
  ibdTrigger: boolean;
  ibdSeverity: string | null;
  ibdFlareAvoid: boolean;
  crohnsTrigger: boolean;
  crohnsSeverity: string | null;
  colitisTrigger: boolean;
  colitisSeverity: string | null;
  crohnsSymptoms: string[];
  colitisSymptoms: string[];
  ibdSymptoms: string[];
  /** percent; null for a private food, whose rating is its creator's own */
  confidenceScore: number | null;
  citations: FoodCitation[];
  needsVerification: boolean;
  /** true for a food the caller created: only its creator ever sees it */
  isPrivate: boolean;
  /**
   * Why the rating is what it is, in one sentence with its source, e.g. 'High in fructans at 1 clove (3 g): Monash
   * University, 2019.'; null for a private food.
   */
  ratingExplanation: string | null;
  /** the groups behind a medium or high rating; [] for low and unknown */
  fodmapGroups: FodmapTriggerGroup[];
  /** null for a private food, or when no source tested a serving of it */
  portion: PortionGuide | null;
  /**
   * A mixed or packaged food whose FODMAPs depend on its recipe: its rating is 'unknown' and the app asks the person to
   * check the label's ingredients (ratingExplanation says what to look for). Never true for a rated food.
   */
  checkLabel: boolean;
}

/**
 * A row of GET /api/foods. The full list carries only what a list shows, so that the whole catalogue stays far below
 * NATS's 1 MB message limit and a phone's data plan; the details come from GET /api/foods/:id or a search result.
 */
export type FoodSummary = Pick<Food, 'id' | 'name' | 'description' | 'servingSize' | 'caloriesPerServing' | 'fodmapRating' | 'foodType' | 'isPrivate' | 'checkLabel'>;

/** Optional text fields: forms send '' for an untouched field, which means "not given". */
const optionalText = (label: string, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), text(label, max).optional());

/** Spec §5 New food form; POST /api/debug/quick-add-food. */
export const quickAddFoodSchema = z.object({
  name: text('Food name', FOOD_NAME_MAX_LENGTH, { required: Messages.foodNameRequired }),
  fodmapRating: z.enum(QUICK_ADD_FODMAP_RATINGS, { errorMap: () => ({ message: Messages.fodmapRatingRequired }) }),
  description: optionalText('Description', FOOD_DESCRIPTION_MAX_LENGTH),
  servingSize: optionalText('Serving size', SERVING_SIZE_MAX_LENGTH),
  foodType: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(FOOD_TYPES, { errorMap: () => ({ message: `Food type must be one of ${FOOD_TYPES.join(', ')}` }) }).optional(),
  ),
});
export type QuickAddFoodInput = z.input<typeof quickAddFoodSchema>;

/** A count in a query string: digits as the browser sends them, or the number the gateway passes on to the service. */
const queryCount = (name: string, min: number) => {
  const message = `${name} must be a whole number from ${min} to 2147483647`;
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.number({ invalid_type_error: message }).int(message).min(min, message).max(2_147_483_647, message).optional(),
  );
};

/** GET /api/foods?limit=&offset=: a page of the list, in the list's order; without limit, every food (spec §7). */
export const foodListQuerySchema = z.object({ limit: queryCount('limit', 1), offset: queryCount('offset', 0) });
export type FoodListQuery = z.input<typeof foodListQuerySchema>;

/** GET /api/foods/search?q= */
export const foodSearchQuerySchema = z.object({
  q: text('Search term', FOOD_SEARCH_QUERY_MAX_LENGTH, { required: Messages.searchTermTooShort }).min(FOOD_SEARCH.inlineMinChars, Messages.searchTermTooShort),
});
export type FoodSearchQuery = z.input<typeof foodSearchQuerySchema>;

/** One line of a release's 'What's new in the food data' note: a rating that changed, a food added or removed, and why. */
export interface CatalogueChange {
  name: string;
  /** null: the food is new in this release */
  from: FodmapRating | null;
  /** null: the food was removed in this release */
  to: FodmapRating | null;
  why: string;
}

/** The 'What's new in the food data' note of a catalogue release. */
export interface CatalogueReleaseNotes {
  version: string;
  /** YYYY-MM-DD */
  date: string;
  /** a few plain sentences: what changed in the method and the coverage */
  summary: string[];
  changes: CatalogueChange[];
}

/** Enough of a release note to offer a link to it: the full note (hundreds of changes) is its own read. */
export interface CatalogueReleaseSummary {
  version: string;
  /** YYYY-MM-DD */
  date: string;
  changeCount: number;
}

/** Which catalogue release a person is reading, so a rating can be traced to the data file it came from. */
export interface CatalogueInfo {
  version: string | null;
  foodCount: number;
  /** the current release's note in brief (the whole note: Rpc.foods.whatsNew); null when the data has none */
  whatsNew: CatalogueReleaseSummary | null;
}

/** Issue 20: the most private foods one person keeps (quick-added or researched); one more is a 409. */
export const PRIVATE_FOODS_MAX = 1000;
export const privateFoodsFull = `You already have ${PRIVATE_FOODS_MAX} foods of your own, the most one person can keep`;
