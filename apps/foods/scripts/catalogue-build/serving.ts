import { round } from '../rating/components';
import { formatAmount, pluralizeMeasure, type HouseholdMeasure } from '../rating/household';
import type { Sources } from './sources';
import { fromNutritionRow, type UsdaFood, type UsdaWeight } from './usda';

/** A food's figures per 100 g: USDA SR28, or nutrition.csv for a food outside it. */
export interface Nutrition {
  figures: UsdaFood;
  /** the food's USDA household measures, for portion texts */
  measures: HouseholdMeasure[];
  /** the source of the figures: 'usda-sr28' or nutrition.csv's */
  citation: string;
}

export function nutritionOf(row: Record<string, string>, sources: Sources, fail: (message: string) => void): Nutrition | null {
  const nutritionRow = sources.nutritionByKey.get(row.key);
  const u: UsdaFood | undefined = row.usdaNdb ? sources.usda.get(row.usdaNdb) : nutritionRow ? fromNutritionRow(nutritionRow) : undefined;
  if (!u) {
    fail(row.usdaNdb ? `USDA NDB ${row.usdaNdb} not found` : 'no usdaNdb and no nutrition.csv row');
    return null;
  }
  if (nutritionRow && !sources.bibIds.has(nutritionRow.source)) fail(`nutrition source ${nutritionRow.source} is not in the bibliography`);
  const measures: HouseholdMeasure[] = row.usdaNdb ? (sources.weights.get(row.usdaNdb) ?? []) : [];
  return { figures: u, measures, citation: nutritionRow ? nutritionRow.source : 'usda-sr28' };
}

/** A USDA measure without its label words: '1 serving 1 cup' → '1 cup', '1 roll 1 serving' → '1 roll', '1 cup (1 serving)' → '1 cup'. */
export function plainMeasure(words: string): string {
  return words
    .replace(/^1 servings? (?=[\d½¼¾⅓⅔])/i, '')
    .replace(/\s*\(1 serving\)$|\s+1 serving$/i, '')
    .trim();
}

/** The serving a food is rated at: our own words and grams, else a USDA household measure. */
export function servingOf(
  row: Record<string, string>,
  u: UsdaFood,
  weights: ReadonlyMap<string, UsdaWeight[]>,
  fail: (message: string) => void,
): { grams: number; servingSize: string } | null {
  if (row.servingGrams?.trim()) {
    const grams = Number(row.servingGrams);
    if (!(grams > 0) || !row.servingText?.trim()) {
      fail(`servingGrams '${row.servingGrams}' needs a positive number and a servingText`);
      return null;
    }
    return { grams, servingSize: `${row.servingText.trim()} (${round(grams, 1)} g)` };
  }
  const w = (weights.get(u.ndb) ?? []).find((x) => x.seq === row.servingSeq);
  if (!w) {
    fail(`no serving: neither servingGrams nor USDA weight seq ${row.servingSeq} (${u.ndb})`);
    return null;
  }
  const factor = Number(row.servingFactor || '1');
  const amount = w.amount * factor;
  const grams = round(w.grams * factor, 1);
  return { grams, servingSize: `${plainMeasure(`${formatAmount(amount)} ${pluralizeMeasure(w.measure, amount)}`)} (${grams} g)` };
}
