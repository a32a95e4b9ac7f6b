// No zod here: the web's food lists use these limits without loading the validator the forms need.
export const FOOD_SEARCH_QUERY_MAX_LENGTH = 100;

/** Spec §9 search and result limits, for the web; the server answers at most `serverResults` and the web slices. */
export const FOOD_SEARCH = {
  /** inline lookup: runs with 2 or more characters */
  inlineMinChars: 2,
  /** add-foods dialog: searches above 2 characters */
  dialogMinChars: 3,
  debounceMs: 300,
  inlineResults: 5,
  dialogResults: 10,
  /** dashboard lookup with no search term: first 6, or 20 in full view */
  lookupResults: 6,
  lookupFullResults: 20,
  serverResults: 20,
  /** nothing found for a term longer than 3 characters: offer online search or manual add after 1 s */
  notFoundPromptMs: 1000,
  notFoundPromptAboveChars: 3,
  citationsShown: 2,
} as const;
