import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { round } from '../rating/components';
import type { BuildResult } from './build';
import { dataDir } from './paths';
import { writeUsdaExtract } from './usda';

/** Counts of a field's values, for the build's summary. */
export function tally(foods: readonly Record<string, unknown>[], field: (f: Record<string, unknown>) => unknown): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of foods) counts[String(field(f))] = (counts[String(field(f))] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** The last stage: catalogue.json, bibliography.json and the USDA extract written, then a summary printed. */
export function writeCatalogue({ bibliography, warnings, ...catalogue }: BuildResult): void {
  const target = resolve(dataDir, 'catalogue.json');
  writeFileSync(target, `${JSON.stringify(catalogue, null, 2)}\n`);
  writeFileSync(resolve(dataDir, 'bibliography.json'), `${JSON.stringify(bibliography, null, 2)}\n`);
  writeUsdaExtract(new Set(catalogue.foods.map((f) => f.usdaNdb).filter((ndb): ndb is string => typeof ndb === 'string')));
  const noServing = warnings.filter((w) => w.endsWith('no servingGrams'));
  const other = warnings.filter((w) => !w.endsWith('no servingGrams'));
  if (noServing.length) console.warn(`warning: ${noServing.length} statement(s) have no servingGrams and were ignored, e.g.\n  ${noServing.slice(0, 5).join('\n  ')}`);
  if (other.length) console.warn(`warning: ${other.length} more:\n  ${other.join('\n  ')}`);
  const rated = catalogue.foods.filter((f) => f.fodmapRating !== 'unknown').length;
  console.log(`wrote ${catalogue.foods.length} foods to ${target}: ${rated} rated (${round((100 * rated) / catalogue.foods.length, 1)} %)`);
  console.log('rating', tally(catalogue.foods, (f) => f.fodmapRating));
  console.log('basis', tally(catalogue.foods, (f) => f.ratingBasis));
  console.log('check the label', catalogue.foods.filter((f) => f.checkLabel).length);
  console.log('category', tally(catalogue.foods, (f) => f.category));
  console.log(`${bibliography.length} bibliography entries`);
}
