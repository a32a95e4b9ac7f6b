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
}

/**
 * A row of GET /api/foods. The full list carries only what a list shows, so that the whole catalogue stays far below
 * NATS's 1 MB message limit and a phone's data plan; the details come from GET /api/foods/:id or a search result.
 */
export type FoodSummary = Pick<Food, 'id' | 'name' | 'description' | 'servingSize' | 'caloriesPerServing' | 'fodmapRating' | 'foodType' | 'isPrivate'>;

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

/** Which catalogue release a person is reading, so a rating can be traced to the data file it came from. */
export interface CatalogueInfo {
  version: string | null;
  foodCount: number;
}
