import { type AiSearchResult, aiSearchSchema, backgroundSearchSchema } from '../foods/ai-search';
import { type CatalogueInfo, type CatalogueReleaseNotes, type Food, foodListQuerySchema, foodSearchQuerySchema, type FoodSummary, quickAddFoodSchema } from '../foods/food';
import { pathRecordId } from '../ids';
import { Messages } from '../messages';
import type { MessageReply } from '../subjects';
import { ok, route, routes } from './route';

/** The catalogue, its search, a person's private foods and the AI food research (spec §7, issue 11). */
export const foodRoutes = routes({
  list: route({
    method: 'GET',
    path: '/api/foods',
    access: 'signedIn',
    query: foodListQuerySchema,
    response: ok<FoodSummary[]>(),
    errors: [],
    summary: 'The foods the person can see, a page at a time (`limit`, `offset`)',
  }),
  catalogue: route({
    method: 'GET',
    path: '/api/foods/catalogue',
    access: 'signedIn',
    shared: true,
    response: ok<CatalogueInfo>(),
    errors: [],
    summary: "The catalogue's edition, release and counts",
  }),
  whatsNew: route({
    method: 'GET',
    path: '/api/foods/whats-new',
    access: 'signedIn',
    shared: true,
    response: ok<CatalogueReleaseNotes>(),
    errors: [],
    summary: "The current release's whole note (some 200 KB of JSON)",
  }),
  search: route({
    method: 'GET',
    path: '/api/foods/search',
    access: 'signedIn',
    query: foodSearchQuerySchema,
    response: ok<Food[]>(),
    errors: [],
    summary: 'Typo-tolerant search of the catalogue and the person\'s private foods',
  }),
  get: route({
    method: 'GET',
    path: '/api/foods/:id',
    access: 'signedIn',
    params: { id: pathRecordId(Messages.foodIdInvalid) },
    response: ok<Food>(),
    errors: [404],
    summary: 'A food, catalogue or the person\'s own',
  }),
  quickAdd: route({
    method: 'POST',
    path: '/api/debug/quick-add-food',
    access: 'signedIn',
    body: quickAddFoodSchema,
    idempotent: true,
    response: ok<Food>({ status: 201 }),
    errors: [409],
    summary: 'Add a private food (spec §7 quick-add-food)',
    description: 'At most 1,000 private foods per person: one more is a 409.',
  }),
  aiSearch: route({
    method: 'POST',
    path: '/api/ai-search',
    access: 'signedIn',
    gated: true,
    body: aiSearchSchema,
    response: ok<AiSearchResult>(),
    errors: [409, 429, 503],
    summary: "Research a food: the catalogue, then the label's ingredients, then the AI model",
    description:
      "`found`, `placeholder_created` or `failed`; a food found by ingredients or the model is saved as the person's private food. With the background search, 5 a minute and 50 a day per person, then 429 with Retry-After; 503 'resting until tomorrow' when the model would be asked and everyone's daily AI budget (AI_DAILY_BUDGET) is spent.",
    example: { query: 'banana bread', ingredients: 'wheat flour, banana, sugar, butter' },
  }),
  backgroundSearch: route({
    method: 'POST',
    path: '/api/foods/search-ai-background',
    access: 'signedIn',
    gated: true,
    body: backgroundSearchSchema,
    response: ok<MessageReply>({ status: 202, example: { message: 'Searching in background…' } }),
    errors: [429, 503],
    summary: 'The same research, queued: the person is emailed when it ends',
    description: "503 'resting until tomorrow' when everyone's daily AI budget (AI_DAILY_BUDGET) is spent.",
    example: { query: 'banana bread' },
  }),
});
