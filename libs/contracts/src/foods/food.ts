import { z } from 'zod';
import { Messages } from '../messages';
import { FOOD_SEARCH_QUERY_MAX_LENGTH } from './food-search';
import type { Caller } from '../subjects';
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

export const FOOD_NAME_MAX_LENGTH = 120;

/** Optional text fields: forms send '' for an untouched field, which means "not given". */
const optionalText = (max: number, message: string) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string({ invalid_type_error: message }).trim().max(max, message).optional());

/** Spec §5 New food form; POST /api/debug/quick-add-food. */
export const quickAddFoodSchema = z.object({
  name: z
    .string({ required_error: Messages.foodNameRequired, invalid_type_error: Messages.foodNameRequired })
    .trim()
    .min(1, Messages.foodNameRequired)
    .max(FOOD_NAME_MAX_LENGTH, `Food name must be at most ${FOOD_NAME_MAX_LENGTH} characters`),
  fodmapRating: z.enum(QUICK_ADD_FODMAP_RATINGS, { errorMap: () => ({ message: Messages.fodmapRatingRequired }) }),
  description: optionalText(500, 'Description must be at most 500 characters'),
  servingSize: optionalText(100, 'Serving size must be at most 100 characters'),
  foodType: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(FOOD_TYPES, { errorMap: () => ({ message: `Food type must be one of ${FOOD_TYPES.join(', ')}` }) }).optional(),
  ),
});
export type QuickAddFoodInput = z.input<typeof quickAddFoodSchema>;

/** GET /api/foods/search?q= */
export const foodSearchQuerySchema = z.object({
  q: z
    .string({ required_error: Messages.searchTermTooShort, invalid_type_error: Messages.searchTermTooShort })
    .trim()
    .min(2, Messages.searchTermTooShort)
    .max(FOOD_SEARCH_QUERY_MAX_LENGTH, `Search term must be at most ${FOOD_SEARCH_QUERY_MAX_LENGTH} characters`),
});
export type FoodSearchQuery = z.input<typeof foodSearchQuerySchema>;

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

/** Request payloads of the foods subjects; `input` is the browser's input, validated again by the foods service. */
/** Which catalogue release a person is reading, so a rating can be traced to the data file it came from. */
export interface CatalogueInfo {
  version: string | null;
  foodCount: number;
}

export interface FoodsRequests {
  catalogue: { caller: Caller };
  list: { caller: Caller; input?: FoodListQuery };
  search: { caller: Caller; input: FoodSearchQuery };
  get: { caller: Caller; id: number };
  quickAdd: { caller: Caller; input: QuickAddFoodInput };
}
