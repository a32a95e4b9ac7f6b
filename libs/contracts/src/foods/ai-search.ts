import { z } from 'zod';
import type { Food } from './food';
import { text } from '../text';
import { FOOD_NAME_MAX_LENGTH } from '../text-limits';

/** Issue 11 and spec §4/§9: the AI search's limits. */
export const AI_SEARCH = {
  /** The model gets this long before the search is 'failed' and the app offers the background search. */
  timeoutMs: 10_000,
  /** The app says 'Taking longer than expected...' after this long. */
  slowNoticeMs: 5_000,
  /** A found food closes the dialog after this long (spec §9). */
  foundAutoCloseMs: 2_000,
  /** An AI-researched food's confidence is at most this percent: it is the model's reading, not a measurement. */
  maxConfidence: 40,
  /** Per person: searches per minute, and per day (both AI and background together). */
  perMinute: 5,
  perDay: 50,
  /** Background searches are retried this many times before the person is emailed that nothing was found. */
  backgroundAttempts: 3,
} as const;

export const INGREDIENTS_MAX_LENGTH = 2000;

/** POST /api/ai-search. `ingredients`: the label's list, as printed; rated without the model. */
export const aiSearchSchema = z.object({
  query: text('Search', FOOD_NAME_MAX_LENGTH, { required: 'Please enter a food to search for' }),
  ingredients: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), text('Ingredients', INGREDIENTS_MAX_LENGTH).optional()),
});
export type AiSearchInput = z.input<typeof aiSearchSchema>;

/** POST /api/foods/search-ai-background. */
export const backgroundSearchSchema = z.object({ query: text('Search', FOOD_NAME_MAX_LENGTH, { required: 'Please enter a food to search for' }) });

export const AI_SEARCH_STATUSES = ['found', 'placeholder_created', 'failed'] as const;
export type AiSearchStatus = (typeof AI_SEARCH_STATUSES)[number];

/** Spec §3 AI search result. */
export interface AiSearchResult {
  status: AiSearchStatus;
  /** found: the food (the catalogue's, or a new private AI-researched or ingredient-rated one). */
  result?: Food;
  /** placeholder_created: a private food with only its name established. */
  placeholder?: Food;
  message: string;
  spellingCorrections: { suggestions: string[] };
  /** How the food was established: the catalogue, the model, or the label's ingredients. */
  source?: 'catalogue' | 'ai' | 'ingredients';
}

/** The AI search strings (spec §8; issue 11). */
export const AiSearchMessages = {
  dialogTitle: 'Online food search',
  searching: 'Searching...',
  takingLonger: 'Taking longer than expected...',
  authRequired: 'Authentication Required - Please refresh the page and log in again to search for foods.',
  searchError: 'Search Error',
  searchErrorFallback: 'Unable to search for food. Please try again.',
  backgroundQueued: "Searching in background... We'll email you when we find information about this food.",
  noInformation: 'No information found',
  manualAddHint: 'You can manually add this food if you have FODMAP information.',
  foundInCatalogue: (name: string) => `Found ${name} in the food database.`,
  foundByAi: (name: string) => `Researched ${name} online. Please check it: AI research can be wrong.`,
  ratedFromIngredients: (name: string) => `Rated ${name} from its ingredients.`,
  placeholderCreated: (name: string) => `Added ${name} as a placeholder: no FODMAP information could be established.`,
  notConfigured: 'Online search is not available: no AI service is configured.',
  timedOut: 'The online search took too long.',
  didYouMean: 'Did you mean',
  ingredientsLabel: 'Ingredients (as printed on the label)',
  ingredientsHint: 'Paste the ingredient list to rate this food without the online search.',
  tooMany: (seconds: number) => `Too many food searches. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}.`,
  dailyCap: 'You have reached today\'s limit of online food searches. Please try again tomorrow.',
  resting: 'Online food search is resting until tomorrow: today\'s searches are used up. The food database and the ingredients check still work.',
  aiResearched: 'AI-researched: please verify',
} as const;
