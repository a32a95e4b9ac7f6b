/** Servings in household words: '½ cup', '2 slices', 'about ⅓ cup'. Pure functions. */
import { round } from './components';

const FRACTIONS: [number, string][] = [
  [0.25, '¼'],
  [0.5, '½'],
  [0.75, '¾'],
  [1 / 3, '⅓'],
  [2 / 3, '⅔'],
];

/** 0.5 → '½', 1.25 → '1¼', 0.4 → '0.4'. */
export function formatAmount(n: number): string {
  const whole = Math.floor(n + 1e-9);
  const frac = n - whole;
  if (frac < 1e-6) return String(whole);
  const hit = FRACTIONS.find(([v]) => Math.abs(v - frac) < 0.01);
  if (hit) return whole ? `${whole}${hit[1]}` : hit[1];
  return String(round(n, 2));
}

const NO_PLURAL = new Set(['tbsp', 'tsp', 'oz', 'fl', 'lb', 'g', 'medium', 'large', 'small', 'extra', 'cup,', 'nlea', 'each']);

/** 'cup, chopped' × 2 → 'cups, chopped'. */
export function pluralizeMeasure(measure: string, amount: number): string {
  if (amount <= 1) return measure;
  const m = /^([A-Za-z]+)(.*)$/.exec(measure);
  if (!m) return measure;
  const [, word, rest] = m;
  if (NO_PLURAL.has(word.toLowerCase()) || /s$/i.test(word)) return measure;
  const plural = /(ch|sh|x)$/i.test(word) ? `${word}es` : /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
  return plural + rest;
}

export interface HouseholdMeasure {
  amount: number;
  measure: string;
  grams: number;
}

/** Measures that say nothing a person can picture: a label's serving, a weight, a package. */
const UNPICTURABLE = /\b(nlea|serving|oz|lb|g|package|container|recipe|batch|yield|portion|cubic|inch(es)?)\b/i;

/** Rounds to quarters below 3 and to whole numbers above, so that 'about' reads like a cook would say it. */
const niceAmount = (n: number) => (n < 3 ? Math.max(0.25, Math.round(n * 4) / 4) : Math.round(n));

/** 'about ⅓ cup' for `grams` from the food's USDA household measures (the one closest in size), or null. */
export function aboutMeasure(grams: number, measures: readonly HouseholdMeasure[]): string | null {
  const usable = measures.filter((m) => m.grams > 0 && m.amount > 0 && !UNPICTURABLE.test(m.measure));
  if (usable.length === 0) return null;
  const unit = (m: HouseholdMeasure) => m.grams / m.amount;
  const best = [...usable].sort((a, b) => Math.abs(Math.log(unit(a) / grams)) - Math.abs(Math.log(unit(b) / grams)) || a.measure.localeCompare(b.measure))[0];
  // Under a fifth of the smallest measure there are no household words for it ('about ¼ cup' for 28 g would mislead).
  if (grams / unit(best) < 0.2) return null;
  const amount = niceAmount(grams / unit(best));
  return `about ${formatAmount(amount)} ${pluralizeMeasure(best.measure, amount)}`;
}

/** Words that only restate a weight ('40 grams', '60ml', '30 g, cooked'): the grams are shown anyway. */
const ONLY_WEIGHT = /^\d+(?:[.,]\d+)?\s*(?:g|grams?|ml|millilit(?:re|er)s?)(?:,\s*(?:cooked|raw|drained|dry|uncooked))?$/i;
/** Words that name no amount a person can picture. */
const NO_PICTURE = /\b(serve|serving|portion|standard|nlea)\b/i;

/**
 * A tested serving's words as a portion text ('about ⅓ cup', 'about half a berry'): the source's own words without
 * 'up to' or a repeated weight, else the closest household measure, else null.
 */
export function portionText(grams: number, sourceWords: string, measures: readonly HouseholdMeasure[]): string | null {
  const text = sourceWords.trim();
  const inBrackets = [...text.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
  const candidates = [text.replace(/\s*\([^)]*\)/g, ''), ...inBrackets]
    .map((words) => words.trim().replace(/^(?:up to|about|approx(?:imately|\.)?)\s+/i, '').trim())
    .filter((words) => words !== '' && !ONLY_WEIGHT.test(words) && !NO_PICTURE.test(words));
  return candidates.length > 0 ? `about ${candidates[0]}` : aboutMeasure(grams, measures);
}
