import { FODMAP_TRIGGER_GROUP_LABELS, type Food, type PortionGuide } from '@fodmap/contracts';

const plainGrams = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A weight as people say it: '75 g', '2.5 g'; never '75.00 g'. */
export const gramsText = (grams: number) => `${plainGrams.format(grams)} g`;

const withWords = (grams: number, words: string | null) => (words ? `${gramsText(grams)} (${words})` : gramsText(grams));

/** 'How much can I eat?' as a dietitian says it: the largest low serving and the smallest high one, where tested. */
export function portionLines(portion: PortionGuide | null): { low: string | null; high: string | null } {
  return {
    low: portion?.lowUpToGrams == null ? null : `Low up to ${withWords(portion.lowUpToGrams, portion.lowUpToText)}`,
    high: portion?.highFromGrams == null ? null : `High from ${withWords(portion.highFromGrams, portion.highFromText)}`,
  };
}

/** 'High in: fructans', 'Moderate in: fructans, sorbitol': what a medium or high rating is put down to. */
export function groupsLine(food: Pick<Food, 'fodmapRating' | 'fodmapGroups'>): string | null {
  const groups = food.fodmapGroups;
  if (groups.length === 0 || (food.fodmapRating !== 'medium' && food.fodmapRating !== 'high')) return null;
  return `${food.fodmapRating === 'high' ? 'High' : 'Moderate'} in: ${groups.map((group) => FODMAP_TRIGGER_GROUP_LABELS[group]).join(', ')}`;
}

/** What a check-the-label food says when its data gives no sentence of its own. */
export const CHECK_LABEL_FALLBACK =
  'Depends on the recipe: check the label for onion, garlic, wheat, honey, inulin (chicory root), FOS or high-fructose corn syrup.';
