import { FOOD_SEARCH, foodRoutes, type AiSearchInput, type Food } from '@fodmap/contracts';
import { callRoute, isReadOf, routeQuery } from '@fodmap/web-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** Spec §7 ai-search: the catalogue first, then the label's ingredients or the online research. */
export const aiSearch = (input: AiSearchInput) => callRoute(foodRoutes.aiSearch, { body: input });
/** Spec §7 search-ai-background: queued on the server; the person is emailed the outcome. */
export const requestBackgroundSearch = (query: string) => callRoute(foodRoutes.backgroundSearch, { body: { query } });

/** Every foods read (the list, searches, details, the catalogue's release): a new food may belong in any of them. */
export const isFoodRead = isReadOf(foodRoutes.list, foodRoutes.search, foodRoutes.get, foodRoutes.catalogue, foodRoutes.whatsNew);

const foodQuery = (id: number) => routeQuery(foodRoutes.get, { params: { id } });

/** The catalogue release the ratings come from, with its note in brief. */
export function useCatalogueInfo() {
  return useQuery(routeQuery(foodRoutes.catalogue));
}

/** The release's whole 'What's new' note (some 200 KB): read only by the page that shows it, once there is one. */
export function useWhatsNew(enabled: boolean) {
  return useQuery({ ...routeQuery(foodRoutes.whatsNew), enabled });
}

/** The first `limit` rows of the catalogue plus the caller's private foods: only what the screen shows is downloaded. */
export function useFoodList(limit: number, enabled = true) {
  return useQuery({ ...routeQuery(foodRoutes.list, { query: { limit } }), enabled, placeholderData: keepPreviousData });
}

export interface FoodSearch {
  /** the term the results belong to once settled: the typed one after the debounce */
  term: string;
  /** whether the typed term is long enough to be searched at all */
  active: boolean;
  /** true once the results are the answer for what is typed now (no debounce or request under way) */
  settled: boolean;
  /** while not settled, the previous term's results, so the list does not blink on every keystroke */
  results: Food[] | undefined;
  error: Error | null;
}

/** Spec §5, §9: search once typing pauses for the debounce, and only with at least `minChars` characters. */
export function useFoodSearch(typed: string, minChars: number = FOOD_SEARCH.inlineMinChars): FoodSearch {
  const wanted = typed.trim();
  const term = useDebouncedValue(wanted, FOOD_SEARCH.debounceMs);
  const active = wanted.length >= minChars;
  const query = useQuery({ ...routeQuery(foodRoutes.search, { query: { q: term } }), enabled: active && term.length >= minChars, placeholderData: keepPreviousData });
  const settled = active && term === wanted && !query.isFetching && !query.isPlaceholderData;
  return { term, active, settled, results: active ? query.data : undefined, error: settled ? query.error : null };
}

/** One food with everything the details view shows; a search result already is one, so it is shown at once. */
export function useFood(id: number, known?: Food, enabled = true) {
  return useQuery({ ...foodQuery(id), initialData: known, enabled });
}

/** After a food is created every list, search and details read is stale: the new food may belong in any of them. */
export function useRefreshFoods() {
  const queryClient = useQueryClient();
  return useCallback(
    (created?: Food) => {
      if (created) queryClient.setQueryData(foodQuery(created.id).queryKey, created);
      return queryClient.invalidateQueries({ predicate: isFoodRead });
    },
    [queryClient],
  );
}
