import { FOOD_SEARCH } from '@fodmap/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { FoodSearch } from './foods-api';

/**
 * Spec §4 Not-found flow: a term longer than 3 characters that finds nothing offers a way forward after 1 s, long
 * enough that a person still typing is not interrupted.
 */
export function useNotFoundPrompt(search: FoodSearch) {
  const [promptedTerm, setPromptedTerm] = useState<string | null>(null);
  const nothingFound = search.settled && search.results?.length === 0 && search.term.length > FOOD_SEARCH.notFoundPromptAboveChars;

  useEffect(() => {
    if (!nothingFound) return;
    const timer = window.setTimeout(() => setPromptedTerm(search.term), FOOD_SEARCH.notFoundPromptMs);
    return () => window.clearTimeout(timer);
  }, [nothingFound, search.term]);

  const dismiss = useCallback(() => setPromptedTerm(null), []);
  return { open: nothingFound && promptedTerm === search.term, term: search.term, dismiss };
}
