// Only types from the contracts here: the meal builder, on the dashboard's first load, imports this file, and the
// module of the FODMAP group labels (used in FoodDetails) would bring the contracts' zod schemas, about 12 KB gzip.
import type { PortionGuide } from '@fodmap/contracts';

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
