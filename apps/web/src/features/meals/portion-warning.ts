// Apart from meal-builder.ts, which the dashboard loads at once: only the lazily loaded meal dialogs show this note.
import { entryRating, foodSnapshotOf, gramsEaten, servingsEaten, type Food } from '@fodmap/contracts';
import { gramsText } from '../foods/portion-guide';

/**
 * Issue 10: the note under an entry whose amount passes the largest serving a source showed low, with what the amount
 * is rated (the meal's own rule, so the note never contradicts the entry's badge). Null within that serving, when no
 * source tested a low serving, when the weight eaten is not known, or when measured amounts show it still low.
 */
export function portionWarning(food: Food, quantity: number, servingUnit: string): string | null {
  const lowUpTo = food.portion?.lowUpToGrams ?? null;
  const grams = lowUpTo === null ? null : gramsEaten(food, quantity, servingUnit);
  if (lowUpTo === null || grams === null || grams <= lowUpTo + 1e-9) return null;
  const rating = entryRating(foodSnapshotOf(food), grams, servingsEaten(food, quantity, servingUnit));
  if (rating !== 'medium' && rating !== 'high') return null;
  return `More than the low-FODMAP serving (${gramsText(lowUpTo)}): ${gramsText(grams)} may be ${rating}`;
}
