import { resolve } from 'node:path';
import type { FodmapRating } from '@fodmap/contracts';
import type { CiteFn } from '../rating/decide';
import { kindProblem, parseStatement, type Statement } from '../rating/statements';
import { citeWith, readBibliography, sourceWeightOf, type BibliographyEntry } from './bibliography';
import { readCsv, readCsvDir, readJson } from './csv';
import { sourcesDir } from './paths';
import { loadUsda, type UsdaFood, type UsdaWeight } from './usda';

/** The first stage: every source file read and cross-checked, before any food is rated. */

export type Category =
  | 'fruit'
  | 'vegetables'
  | 'grains_breads'
  | 'legumes'
  | 'nuts_seeds'
  | 'dairy'
  | 'dairy_alternatives'
  | 'meat'
  | 'fish_seafood'
  | 'eggs'
  | 'fats_oils'
  | 'sweeteners'
  | 'snacks_sweets'
  | 'drinks'
  | 'herbs_spices'
  | 'condiments'
  | 'soups_sauces'
  | 'prepared_foods';

export const FOOD_TYPE: Record<Category, 'vegetable' | 'fruit' | 'grain' | 'protein' | 'dairy' | 'other'> = {
  fruit: 'fruit',
  vegetables: 'vegetable',
  grains_breads: 'grain',
  legumes: 'protein',
  nuts_seeds: 'protein',
  dairy: 'dairy',
  dairy_alternatives: 'dairy',
  meat: 'protein',
  fish_seafood: 'protein',
  eggs: 'protein',
  fats_oils: 'other',
  sweeteners: 'other',
  snacks_sweets: 'other',
  drinks: 'other',
  herbs_spices: 'other',
  condiments: 'other',
  soups_sauces: 'other',
  prepared_foods: 'other',
};

export const isCategory = (category: string): category is Category => category in FOOD_TYPE;

export interface CompositionRules {
  zeroCarbohydrate: { maxCarbPer100g: number; citations: string[]; explanation: string };
  plainAnimalFoodsAndFats: { categories: Category[]; maxCarbPer100g: number; excludeKeys: string[]; citations: string[]; explanation: string };
  plainDairyLactoseOnly: { keys: string[]; citations: string[]; explanation: string };
  noLactoseInPlantFoods: { categories: Category[]; excludeKeys: string[]; citations: string[] };
  pureSugarsAndSyrups: { keys: string[]; citations: string[]; explanation: string };
}

export type Severity = 'mild' | 'moderate' | 'severe';
export interface TriggerRule {
  id: string;
  description: string;
  match: {
    keys?: string[];
    /** a list of keys named elsewhere in trigger-rules.json */
    keysFrom?: 'processedMeatKeys';
    keyPrefixes?: string[];
    categories?: Category[];
    fodmapRating?: FodmapRating[];
    fatPerServingAtLeast?: number;
    fiberPerServingAtLeast?: number;
  };
  ibs?: { type?: string; severity: Severity };
  crohns?: { severity: Severity; symptoms: string[]; flareAvoid?: boolean };
  colitis?: { severity: Severity; symptoms: string[]; flareAvoid?: boolean };
  citations: string[];
}
export interface TriggerRules {
  processedMeatKeys: string[];
  rules: TriggerRule[];
}

/** What the build found wrong (errors stop it) or worth saying (warnings), in the order found. */
export interface Problems {
  errors: string[];
  warnings: string[];
}

export interface Sources {
  usda: Map<string, UsdaFood>;
  weights: Map<string, UsdaWeight[]>;
  /** the rows of sources/foods: one per catalogue food */
  curated: Record<string, string>[];
  rules: CompositionRules;
  triggers: TriggerRules;
  bibliography: BibliographyEntry[];
  bibIds: Set<string>;
  bibYear: Map<string, number | null>;
  cite: CiteFn;
  sourceWeight: (source: string) => number;
  statementsByKey: Map<string, Statement[]>;
  measuredByKey: Map<string, Record<string, string>[]>;
  ingredientsByKey: Map<string, Record<string, string>[]>;
  nutritionByKey: Map<string, Record<string, string>>;
  everyday: Set<string>;
}

/** The `|`-separated other names of a foods row. */
export const synonymsOf = (row: Record<string, string>) => (row.synonyms ?? '').split('|').map((s) => s.trim()).filter(Boolean);

/** Every food's statements with a serving, kind-checked; rows without a serving go to warnings, bad rows to errors. */
export function readStatements(
  rows: readonly Record<string, string>[],
  foods: ReadonlyMap<string, { name: string; category: string; synonyms: string[] }>,
  bibIds: ReadonlySet<string>,
  weightOf: (source: string) => number,
  errors: string[],
  warnings: string[],
): Map<string, Statement[]> {
  const byKey = new Map<string, Statement[]>();
  for (const row of rows) {
    const food = foods.get(row.key);
    if (!food) {
      errors.push(`statement for unknown food key ${row.key} (${row.source})`);
      continue;
    }
    if (!bibIds.has(row.source)) errors.push(`statement ${row.key}: source ${row.source} is not in the bibliography`);
    const parsed = parseStatement(row, weightOf);
    if ('ignored' in parsed) warnings.push(parsed.ignored);
    else if ('error' in parsed) errors.push(parsed.error);
    else {
      const problem = kindProblem(food, parsed.statement.names);
      if (problem) errors.push(`statement ${row.key} (${row.source}, '${row.names}'): ${problem}`);
      else byKey.set(row.key, [...(byKey.get(row.key) ?? []), parsed.statement]);
    }
  }
  return byKey;
}

const groupByKey = (rows: Record<string, string>[]) => {
  const m = new Map<string, Record<string, string>[]>();
  for (const r of rows) m.set(r.key, [...(m.get(r.key) ?? []), r]);
  return m;
};

/** Reads USDA, the curated sources and the bibliography; a row naming a food the catalogue lacks is an error. */
export function readSources({ errors, warnings }: Problems): Sources {
  const { foods: usda, weights } = loadUsda();
  const curated = readCsvDir('foods');
  const rules = readJson<CompositionRules>(resolve(sourcesDir, 'composition-rules.json'));
  const triggers = readJson<TriggerRules>(resolve(sourcesDir, 'trigger-rules.json'));
  const bibliography = readBibliography();
  const bibIds = new Set(bibliography.map((b) => b.id));
  const bibYear = new Map(bibliography.map((b) => [b.id, b.year ?? null]));

  const foodsByKey = new Map(curated.map((r) => [r.key, { name: r.name, category: r.category, synonyms: synonymsOf(r) }]));
  const sourceWeight = sourceWeightOf(bibliography);
  const statementsByKey = readStatements(readCsvDir('statements'), foodsByKey, bibIds, sourceWeight, errors, warnings);
  const measuredByKey = groupByKey(readCsvDir('measured'));
  const ingredientsByKey = groupByKey(readCsvDir('ingredients'));
  const nutritionByKey = new Map(readCsv(resolve(sourcesDir, 'nutrition.csv')).map((r) => [r.key, r]));
  const everyday = new Set(readCsv(resolve(sourcesDir, 'everyday-foods.csv')).map((r) => r.key));
  for (const [key] of [...measuredByKey, ...ingredientsByKey, ...nutritionByKey]) if (!foodsByKey.has(key)) errors.push(`source row for unknown food key ${key}`);
  for (const key of everyday) if (!foodsByKey.has(key)) errors.push(`everyday-foods.csv lists unknown food key ${key}`);

  return {
    usda,
    weights,
    curated,
    rules,
    triggers,
    bibliography,
    bibIds,
    bibYear,
    cite: citeWith(bibliography),
    sourceWeight,
    statementsByKey,
    measuredByKey,
    ingredientsByKey,
    nutritionByKey,
    everyday,
  };
}
