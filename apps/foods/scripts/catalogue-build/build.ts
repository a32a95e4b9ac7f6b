import type { BibliographyEntry } from './bibliography';
import { buildFood } from './food';
import { CATALOGUE_VERSION } from './paths';
import { isCategory, readSources, type Problems } from './sources';

export interface BuildResult {
  version: string;
  foods: Record<string, unknown>[];
  bibliography: BibliographyEntry[];
  /** not errors: statements without a serving, servings no statement speaks to */
  warnings: string[];
}

/** Reads every source and rates every food; any error in the sources stops the build with the whole list. */
export function buildCatalogue(): BuildResult {
  const problems: Problems = { errors: [], warnings: [] };
  const { errors, warnings } = problems;
  const sources = readSources(problems);
  const keys = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const row of sources.curated) {
    const key = row.key;
    if (keys.has(key)) errors.push(`duplicate key ${key}`);
    keys.add(key);
    const category = row.category;
    if (!isCategory(category)) {
      errors.push(`unknown category ${category} for ${key}`);
      continue;
    }
    const food = buildFood(row, category, sources, problems);
    if (food) out.push(food);
  }

  if (errors.length) throw new Error(`The catalogue build found ${errors.length} problem(s) in the sources:\n  ${errors.join('\n  ')}`);
  out.sort((a, b) => String(a.key).localeCompare(String(b.key)));
  return { version: CATALOGUE_VERSION, foods: out, bibliography: sources.bibliography, warnings };
}
