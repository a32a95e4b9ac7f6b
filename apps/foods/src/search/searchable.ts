import type { FodmapRating } from '@fodmap/contracts';
import type { SearchableFood } from './food-search-index';

/** The fields of a catalogue food that search reads. */
export interface CatalogueSearchFields {
  id: number;
  name: string;
  synonyms: readonly string[];
  everyday: boolean;
  category: string | null;
  /** g per 100 g; null when not known */
  lactose: number | null;
  fodmapRating: FodmapRating;
}

/** Categories of dishes and packaged foods made of several ingredients. */
const MIXED_CATEGORIES: ReadonlySet<string> = new Set(['prepared_foods', 'snacks_sweets', 'soups_sauces', 'condiments']);

/**
 * What search knows of a catalogue food besides its names: whether it is an everyday food, and what it is known to be
 * free of without saying so in its name, so that 'lactose free milk' finds plant milks rather than cow's milk.
 */
export function searchable(food: CatalogueSearchFields): SearchableFood {
  // A zero the rating rests on, of a single food: a mixed dish's lactose is a nutrient table's figure for one recipe
  // ('Steak and cheese sub' is not what 'lactose free cheese' asks for).
  const lactoseFree = food.lactose === 0 && food.fodmapRating !== 'unknown' && !MIXED_CATEGORIES.has(food.category ?? '');
  const freeOf = food.category === 'dairy_alternatives' ? ['dairy', 'lactose'] : lactoseFree ? ['lactose'] : [];
  return { id: food.id, name: food.name, synonyms: food.synonyms, everyday: food.everyday, freeOf };
}
