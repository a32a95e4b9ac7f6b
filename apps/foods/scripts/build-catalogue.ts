/**
 * Builds apps/foods/data/catalogue.json from USDA SR28 and the curated sources in apps/foods/data/sources.
 *
 *   npx tsx apps/foods/scripts/build-catalogue.ts          (from the repository root)
 *   USDA_SR28_DIR=/path/to/usda-sr28 npx tsx apps/foods/scripts/build-catalogue.ts
 *
 * This file reads and writes; the rating method is the pure functions of ./rating (statements at a tested serving,
 * components, the decision). Deterministic: same inputs give byte-identical output (foods sorted by key, stable
 * field order). The method is documented in apps/foods/data/README.md.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FODMAP_COMPONENT_KEYS, oligoGroupOf, UNMEASURED_COMPONENTS, type FodmapComponents, type FodmapRating, type FodmapTriggerGroup } from '@fodmap/contracts';
import { rateIngredients } from '../src/research/ingredient-rating';
import { excessFructoseEstimate, round } from './rating/components';
import { decideRating, type CiteFn, type FoodEvidence, type Provenance } from './rating/decide';
import { formatAmount, pluralizeMeasure, type HouseholdMeasure } from './rating/household';
import { kindProblem, parseStatement, type Statement } from './rating/statements';

export const CATALOGUE_VERSION = '2026.11.4';

const repoRoot = resolve(__dirname, '../../..');
const dataDir = resolve(repoRoot, 'apps/foods/data');
export const sourcesDir = resolve(dataDir, 'sources');

// ---------------------------------------------------------------- CSV

function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

export const readCsv = (path: string) => parseCsv(readFileSync(path, 'utf8'));
/** Every `*.csv` (or `*.json`) of a folder of sources, in file-name order: one file per category, so each can be reviewed alone. */
const filesOf = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => resolve(dir, f));
export const readCsvDir = (dir: string) => filesOf(resolve(sourcesDir, dir), '.csv').flatMap(readCsv);

export interface BibliographyEntry {
  id: string;
  title: string;
  /** how a sentence cites it: 'Monash University' or 'Muir et al., 2007' */
  short?: string;
  authors?: string;
  year?: number;
  url?: string;
  doi?: string;
  covers: string;
  /** publisher unknown, a commercial or content site retelling others' figures, or an unattributed handout */
  lowerAuthority?: boolean;
  /**
   * One food's own record in the source, for a database: its title and URL with `{usdaNdb}` and `{description}` standing
   * for the food's, so that the food's list of sources names and opens its row rather than the whole database.
   */
  record?: { title: string; url: string };
}
/** `sources/bibliography/*.json` merged; an id listed twice must be the same entry. */
export function readBibliography(): BibliographyEntry[] {
  const byId = new Map<string, BibliographyEntry>();
  for (const file of filesOf(resolve(sourcesDir, 'bibliography'), '.json')) {
    for (const entry of JSON.parse(readFileSync(file, 'utf8')) as BibliographyEntry[]) {
      const seen = byId.get(entry.id);
      if (seen && (seen.title !== entry.title || seen.url !== entry.url)) throw new Error(`bibliography id ${entry.id} is listed twice with different entries (${file})`);
      byId.set(entry.id, seen ?? entry);
    }
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

// ---------------------------------------------------------------- inputs

type Category =
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

const FOOD_TYPE: Record<Category, 'vegetable' | 'fruit' | 'grain' | 'protein' | 'dairy' | 'other'> = {
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

/**
 * A statement's weight when sources of one year contradict: a source marked `lowerAuthority` in the bibliography
 * (publisher unknown, commercial or content sites retelling others' figures, unattributed handouts) counts half.
 */
export function sourceWeightOf(bibliography: readonly BibliographyEntry[]): (source: string) => number {
  const lower = new Set(bibliography.filter((b) => b.lowerAuthority).map((b) => b.id));
  return (source) => (lower.has(source) ? 0.5 : 1);
}

export interface UsdaFood {
  ndb: string;
  longDesc: string;
  kcal: number;
  fat: number | null;
  carb: number | null;
  fiber: number | null;
  sugars: number | null;
  sucrose: number | null;
  glucose: number | null;
  fructose: number | null;
  lactose: number | null;
}

export interface CompositionRules {
  zeroCarbohydrate: { maxCarbPer100g: number; citations: string[]; explanation: string };
  plainAnimalFoodsAndFats: { categories: Category[]; maxCarbPer100g: number; excludeKeys: string[]; citations: string[]; explanation: string };
  plainDairyLactoseOnly: { keys: string[]; citations: string[]; explanation: string };
  noLactoseInPlantFoods: { categories: Category[]; excludeKeys: string[]; citations: string[] };
  pureSugarsAndSyrups: { keys: string[]; citations: string[]; explanation: string };
}

type Severity = 'mild' | 'moderate' | 'severe';
interface TriggerRule {
  id: string;
  description: string;
  match: {
    keys?: string[];
    keysFrom?: string;
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
interface TriggerRules {
  processedMeatKeys: string[];
  rules: TriggerRule[];
}

const num = (s: string | undefined): number | null => (s === undefined || s.trim() === '' ? null : Number(s));

/**
 * The part of USDA SR28 the catalogue uses (its foods' rows of foods.csv and weights.csv, verbatim), kept in the
 * repository so that the build and the data tests run on any clone. The build rewrites it whenever it reads the full
 * extract.
 */
export const usdaCatalogueExtractDir = resolve(dataDir, 'usda-sr28');

/** The full USDA extract when there is one (USDA_SR28_DIR, else shared/data/usda-sr28 next to the repository or its worktree folder). */
function fullUsdaDirectory(): string | null {
  if (process.env.USDA_SR28_DIR) return resolve(process.env.USDA_SR28_DIR);
  const candidates = [resolve(repoRoot, '../shared/data/usda-sr28'), resolve(repoRoot, '../../shared/data/usda-sr28')];
  return candidates.find((dir) => existsSync(resolve(dir, 'foods.csv'))) ?? null;
}

function usdaDirectory(): string {
  return fullUsdaDirectory() ?? usdaCatalogueExtractDir;
}

/** Writes the catalogue's part of the full USDA extract (header and the rows of the NDBs in use, as they are). */
function writeUsdaExtract(ndbs: ReadonlySet<string>): void {
  const full = fullUsdaDirectory();
  if (full === null) return;
  mkdirSync(usdaCatalogueExtractDir, { recursive: true });
  for (const file of ['foods.csv', 'weights.csv']) {
    const [header, ...lines] = readFileSync(resolve(full, file), 'utf8').split(/\r?\n/).filter((line) => line !== '');
    const kept = lines.filter((line) => ndbs.has(line.slice(0, line.indexOf(','))));
    writeFileSync(resolve(usdaCatalogueExtractDir, file), `${[header, ...kept].join('\n')}\n`);
  }
}

export function loadUsda(): { foods: Map<string, UsdaFood>; weights: Map<string, { seq: string; amount: number; measure: string; grams: number }[]> } {
  const foods = new Map<string, UsdaFood>();
  for (const r of readCsv(resolve(usdaDirectory(), 'foods.csv'))) {
    foods.set(r.ndb_no, {
      ndb: r.ndb_no,
      longDesc: r.long_desc,
      kcal: Number(r.kcal),
      fat: num(r.fat_g),
      carb: num(r.carb_g),
      fiber: num(r.fiber_g),
      sugars: num(r.sugars_g),
      sucrose: num(r.sucrose_g),
      glucose: num(r.glucose_g),
      fructose: num(r.fructose_g),
      lactose: num(r.lactose_g),
    });
  }
  const weights = new Map<string, { seq: string; amount: number; measure: string; grams: number }[]>();
  for (const r of readCsv(resolve(usdaDirectory(), 'weights.csv'))) {
    const list = weights.get(r.ndb_no) ?? [];
    list.push({ seq: r.seq, amount: Number(r.amount), measure: r.measure, grams: Number(r.grams) });
    weights.set(r.ndb_no, list);
  }
  return { foods, weights };
}

// ---------------------------------------------------------------- build

/** The trigger type a FODMAP rule names, from the food's first (worst) FODMAP group. */
const TRIGGER_TYPE: Record<FodmapTriggerGroup, string> = {
  fructans: 'fructans',
  galactans: 'galactans',
  excessFructose: 'excess_fructose',
  sorbitol: 'polyols',
  mannitol: 'polyols',
  xylitol: 'polyols',
  lactose: 'lactose',
};

/** The `|`-separated other names of a foods row. */
const synonymsOf = (row: Record<string, string>) => (row.synonyms ?? '').split('|').map((s) => s.trim()).filter(Boolean);

/** A site's bare domain ('ntro.it.com'), which means nothing to a reader as a source's name. */
const BARE_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/**
 * A source's `short` without a trailing year, then the year given (a statement's) or the source's own; a source known
 * only by its site's domain is named as an article on that site.
 */
export function citeWith(bibliography: readonly BibliographyEntry[]): CiteFn {
  const byId = new Map(bibliography.map((b) => [b.id, b]));
  return (id, year) => {
    const b = byId.get(id);
    const short = (b?.short ?? b?.title ?? id).replace(/,?\s*\(?(19|20)\d\d\)?$/, '').trim();
    const name = BARE_DOMAIN.test(short) ? `an article on ${short}` : short;
    const y = year ?? b?.year ?? null;
    return y ? `${name}, ${y}` : name;
  };
}

/** A USDA measure without its label words: '1 serving 1 cup' → '1 cup', '1 roll 1 serving' → '1 roll', '1 cup (1 serving)' → '1 cup'. */
export function plainMeasure(words: string): string {
  return words
    .replace(/^1 servings? (?=[\d½¼¾⅓⅔])/i, '')
    .replace(/\s*\(1 serving\)$|\s+1 serving$/i, '')
    .trim();
}

export interface BuildResult {
  version: string;
  foods: Record<string, unknown>[];
  bibliography: BibliographyEntry[];
  /** not errors: statements without a serving, servings no statement speaks to */
  warnings: string[];
}

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

export function buildCatalogue(): BuildResult {
  const { foods: usda, weights } = loadUsda();
  const curated = readCsvDir('foods');
  const rules = readJson<CompositionRules>(resolve(sourcesDir, 'composition-rules.json'));
  const triggers = readJson<TriggerRules>(resolve(sourcesDir, 'trigger-rules.json'));
  const bibliography = readBibliography();
  const bibIds = new Set(bibliography.map((b) => b.id));
  const bibYear = new Map(bibliography.map((b) => [b.id, b.year ?? null]));
  const cite = citeWith(bibliography);
  const errors: string[] = [];
  const warnings: string[] = [];

  const foodsByKey = new Map(curated.map((r) => [r.key, { name: r.name, category: r.category, synonyms: synonymsOf(r) }]));
  const sourceWeight = sourceWeightOf(bibliography);
  const statementsByKey = readStatements(readCsvDir('statements'), foodsByKey, bibIds, sourceWeight, errors, warnings);
  const groupBy = (rows: Record<string, string>[]) => {
    const m = new Map<string, Record<string, string>[]>();
    for (const r of rows) m.set(r.key, [...(m.get(r.key) ?? []), r]);
    return m;
  };
  const measuredByKey = groupBy(readCsvDir('measured'));
  const ingredientsByKey = groupBy(readCsvDir('ingredients'));
  const nutritionByKey = new Map(readCsv(resolve(sourcesDir, 'nutrition.csv')).map((r) => [r.key, r]));
  const everyday = new Set(readCsv(resolve(sourcesDir, 'everyday-foods.csv')).map((r) => r.key));
  for (const [key] of [...measuredByKey, ...ingredientsByKey, ...nutritionByKey]) if (!foodsByKey.has(key)) errors.push(`source row for unknown food key ${key}`);
  for (const key of everyday) if (!foodsByKey.has(key)) errors.push(`everyday-foods.csv lists unknown food key ${key}`);

  const keys = new Set<string>();
  const out: Record<string, unknown>[] = [];

  for (const row of curated) {
    const key = row.key;
    if (keys.has(key)) errors.push(`duplicate key ${key}`);
    keys.add(key);
    const category = row.category as Category;
    if (!(category in FOOD_TYPE)) {
      errors.push(`unknown category ${category} for ${key}`);
      continue;
    }
    const fail = (message: string) => errors.push(`${key}: ${message}`);

    // ---- nutrition: USDA SR28, or nutrition.csv for a food outside it
    const nutritionRow = nutritionByKey.get(key);
    const u: UsdaFood | undefined = row.usdaNdb ? usda.get(row.usdaNdb) : nutritionRow ? fromNutritionRow(nutritionRow) : undefined;
    if (!u) {
      fail(row.usdaNdb ? `USDA NDB ${row.usdaNdb} not found` : 'no usdaNdb and no nutrition.csv row');
      continue;
    }
    if (nutritionRow && !bibIds.has(nutritionRow.source)) fail(`nutrition source ${nutritionRow.source} is not in the bibliography`);
    const measures: HouseholdMeasure[] = row.usdaNdb ? (weights.get(row.usdaNdb) ?? []) : [];

    // ---- serving: our own words and grams, else a USDA household measure
    let grams: number;
    let servingSize: string;
    if (row.servingGrams?.trim()) {
      grams = Number(row.servingGrams);
      if (!(grams > 0) || !row.servingText?.trim()) {
        fail(`servingGrams '${row.servingGrams}' needs a positive number and a servingText`);
        continue;
      }
      servingSize = `${row.servingText.trim()} (${round(grams, 1)} g)`;
    } else {
      const w = (weights.get(u.ndb) ?? []).find((x) => x.seq === row.servingSeq);
      if (!w) {
        fail(`no serving: neither servingGrams nor USDA weight seq ${row.servingSeq} (${u.ndb})`);
        continue;
      }
      const factor = Number(row.servingFactor || '1');
      const amount = w.amount * factor;
      grams = round(w.grams * factor, 1);
      servingSize = `${plainMeasure(`${formatAmount(amount)} ${pluralizeMeasure(w.measure, amount)}`)} (${grams} g)`;
    }
    const caloriesPerServing = Math.round((u.kcal * grams) / 100);
    const nutritionCitation = nutritionRow ? nutritionRow.source : 'usda-sr28';

    // ---- components: measured, then composition, then derived from USDA sugars (first value set wins)
    const comp: FodmapComponents = { ...UNMEASURED_COMPONENTS };
    const prov: Partial<Record<keyof FodmapComponents, Provenance>> = {};
    const compSources: Partial<Record<keyof FodmapComponents, string[]>> = {};
    const citations = new Set<string>([nutritionCitation]);
    const notes: string[] = [];
    const set = (c: keyof FodmapComponents, v: number, p: Provenance, src: string[]) => {
      if (comp[c] !== null) return;
      comp[c] = round(v, 3);
      prov[c] = p;
      compSources[c] = src;
    };
    let measuredYear: number | null = null;
    const measuredSources = new Set<string>();
    // A value reported below a detection limit ('<0.1') is an upper bound: it can prove low, never stands as the value.
    let lactoseUpperBound: number | null = null;
    let lactoseUpperBoundMeasured: string[] | null = null;
    for (const m of measuredByKey.get(key) ?? []) {
      const c = m.component as keyof FodmapComponents;
      const sources = m.sources.split('|').filter(Boolean);
      const below = /^<\s*/.test(m.gPer100g.trim());
      const value = m.gPer100g.trim().replace(/^<\s*/, '');
      if (!FODMAP_COMPONENT_KEYS.includes(c) || !(Number(value) >= 0) || value === '') fail(`bad measured row ${m.component} = '${m.gPer100g}'`);
      else if (sources.length === 0 || sources.some((s) => !bibIds.has(s))) fail(`measured ${c} cites sources not in the bibliography: '${m.sources}'`);
      else if (below && c !== 'lactose') fail(`measured ${c} '${m.gPer100g}': only lactose may be given as below a limit`);
      else if (below) {
        lactoseUpperBound = Number(value);
        lactoseUpperBoundMeasured = sources;
        notes.push(`Measured lactose below ${value} g/100 g (${m.note}).`);
      } else {
        set(c, Number(m.gPer100g), 'measured', sources);
        notes.push(`Measured ${c} ${m.gPer100g} g/100 g (${m.note}).`);
        for (const s of sources) measuredYear = Math.max(measuredYear ?? 0, bibYear.get(s) ?? 0) || null;
        sources.forEach((s) => measuredSources.add(s));
      }
    }
    const setAll = (p: Provenance, src: string[], except: (keyof FodmapComponents)[] = []) => {
      for (const c of FODMAP_COMPONENT_KEYS) if (!except.includes(c)) set(c, 0, p, src);
    };
    let composition: FoodEvidence['composition'] = null;
    if (u.carb !== null && u.carb <= rules.zeroCarbohydrate.maxCarbPer100g) {
      setAll('composition', rules.zeroCarbohydrate.citations);
      composition = { rule: 'zeroCarbohydrate', ...rules.zeroCarbohydrate };
    } else if (
      rules.plainAnimalFoodsAndFats.categories.includes(category) &&
      !rules.plainAnimalFoodsAndFats.excludeKeys.includes(key) &&
      u.carb !== null &&
      u.carb <= rules.plainAnimalFoodsAndFats.maxCarbPer100g
    ) {
      if (u.lactose !== null && u.lactose > 0) set('lactose', u.lactose, 'derived', [nutritionCitation]);
      setAll('composition', rules.plainAnimalFoodsAndFats.citations);
      composition = { rule: 'plainAnimalFoodsAndFats', ...rules.plainAnimalFoodsAndFats };
    } else if (rules.plainDairyLactoseOnly.keys.includes(key)) {
      setAll('composition', rules.plainDairyLactoseOnly.citations, ['lactose']);
      if (lactoseUpperBound !== null) {
        // measured below a limit: that bound, not USDA's figure
      } else if (u.lactose !== null) set('lactose', u.lactose, 'derived', [nutritionCitation]);
      else lactoseUpperBound = u.carb;
      composition = { rule: 'plainDairyLactoseOnly', ...rules.plainDairyLactoseOnly };
    } else if (rules.pureSugarsAndSyrups.keys.includes(key)) {
      setAll('composition', rules.pureSugarsAndSyrups.citations, ['excessFructose']);
      if ((u.fructose === null || u.glucose === null) && u.sucrose !== null && u.sugars !== null && u.sucrose >= u.sugars - 0.5) {
        set('excessFructose', 0, 'composition', rules.pureSugarsAndSyrups.citations);
        notes.push('Sugar is sucrose: equal fructose and glucose, no excess fructose.');
      }
      composition = { rule: 'pureSugarsAndSyrups', ...rules.pureSugarsAndSyrups };
    }
    if (
      comp.lactose === null &&
      lactoseUpperBound === null &&
      rules.noLactoseInPlantFoods.categories.includes(category) &&
      !rules.noLactoseInPlantFoods.excludeKeys.includes(key) &&
      !(u.lactose !== null && u.lactose > 0)
    ) {
      set('lactose', 0, 'composition', rules.noLactoseInPlantFoods.citations);
    }
    if (u.lactose !== null) set('lactose', u.lactose, 'derived', [nutritionCitation]);
    if (comp.excessFructose === null && u.fructose !== null && u.glucose !== null) {
      const onlyFodmap = FODMAP_COMPONENT_KEYS.every((c) => c === 'excessFructose' || comp[c] === 0);
      const est = excessFructoseEstimate(u.fructose, u.glucose, grams, onlyFodmap);
      if (est.clear) set('excessFructose', est.estimate, 'derived', [nutritionCitation]);
      else {
        notes.push(
          `USDA sugars estimate excess fructose at ${est.estimate} ± ${est.uncertainty} g/100 g, ${round(est.servingLow, 2)}-${round(est.servingHigh, 2)} g at this serving against a ${est.cutoff} g cut-off: too close to decide, so it is left unknown.`,
        );
      }
    }
    for (const c of FODMAP_COMPONENT_KEYS) compSources[c]?.forEach((s) => citations.add(s));

    // ---- ingredients of a mixed food
    const ingredientRows = ingredientsByKey.get(key) ?? [];
    if (ingredientRows.length > 1) fail('more than one ingredients row');
    const ingredientRow = ingredientRows[0];
    if (ingredientRow && !bibIds.has(ingredientRow.source)) fail(`ingredients source ${ingredientRow.source} is not in the bibliography`);

    // ---- rating
    const oligoGroup = oligoGroupOf({ category });
    const decision = decideRating(
      {
        servingGrams: grams,
        servingSize,
        oligoGroup,
        components: comp,
        provenance: prov,
        componentCitations: compSources,
        measuredYear,
        measuredLowerAuthority: measuredSources.size > 0 && [...measuredSources].every((s) => sourceWeight(s) < 1),
        lactoseUpperBound,
        lactoseUpperBoundMeasured,
        composition,
        statements: statementsByKey.get(key) ?? [],
        ingredients: ingredientRow ? { verdict: rateIngredients(ingredientRow.ingredients.split('|').join(', ')), source: ingredientRow.source } : null,
        measures,
      },
      cite,
    );
    decision.errors.forEach(fail);
    decision.warnings.forEach((w) => warnings.push(`${key}: ${w}`));
    decision.citations.forEach((c) => citations.add(c));
    notes.push(...decision.notes);
    const rating = decision.rating;

    // ---- triggers
    const fatPerServing = u.fat === null ? 0 : (u.fat * grams) / 100;
    const fiberPerServing = u.fiber === null ? 0 : (u.fiber * grams) / 100;
    const matchRule = (t: TriggerRule) => {
      const m = t.match;
      if (m.keys?.includes(key)) return true;
      if (m.keysFrom && (triggers as unknown as Record<string, string[]>)[m.keysFrom]?.includes(key)) return true;
      if (m.keyPrefixes?.some((p) => key.startsWith(p))) return true;
      if (m.categories?.includes(category)) return true;
      if (m.fodmapRating?.includes(rating)) return true;
      if (m.fatPerServingAtLeast !== undefined && fatPerServing >= m.fatPerServingAtLeast) return true;
      if (m.fiberPerServingAtLeast !== undefined && fiberPerServing >= m.fiberPerServingAtLeast) return true;
      return false;
    };
    const sevOrder: Record<Severity, number> = { mild: 0, moderate: 1, severe: 2 };
    const maxSev = (a: Severity | null, b: Severity): Severity => (a === null || sevOrder[b] > sevOrder[a] ? b : a);
    let ibsSeverity: Severity | null = null;
    let ibsType: string | null = null;
    let crohnsSeverity: Severity | null = null;
    let colitisSeverity: Severity | null = null;
    const crohnsSymptoms = new Set<string>();
    const colitisSymptoms = new Set<string>();
    let flareAvoid = false;
    for (const t of triggers.rules) {
      if (!matchRule(t)) continue;
      t.citations.forEach((c) => citations.add(c));
      if (t.ibs) {
        // A FODMAP rule's type is the food's worst FODMAP group (every medium/high food names at least one).
        const type = t.ibs.type ?? (decision.fodmapGroups[0] ? TRIGGER_TYPE[decision.fodmapGroups[0]] : null);
        if (type && (ibsSeverity === null || sevOrder[t.ibs.severity] > sevOrder[ibsSeverity])) {
          ibsType = type;
          ibsSeverity = maxSev(ibsSeverity, t.ibs.severity);
        }
      }
      if (t.crohns) {
        crohnsSeverity = maxSev(crohnsSeverity, t.crohns.severity);
        t.crohns.symptoms.forEach((s) => crohnsSymptoms.add(s));
        flareAvoid ||= !!t.crohns.flareAvoid;
      }
      if (t.colitis) {
        colitisSeverity = maxSev(colitisSeverity, t.colitis.severity);
        t.colitis.symptoms.forEach((s) => colitisSymptoms.add(s));
        flareAvoid ||= !!t.colitis.flareAvoid;
      }
    }
    const ibdSeverity: Severity | null =
      crohnsSeverity === null ? colitisSeverity : colitisSeverity === null ? crohnsSeverity : maxSev(crohnsSeverity, colitisSeverity);
    flareAvoid ||= ibdSeverity !== null && sevOrder[ibdSeverity] >= sevOrder.moderate;

    for (const c of citations) if (!bibIds.has(c)) fail(`cites ${c}, which is not in the bibliography`);
    const synonyms = synonymsOf(row);
    const componentSources = Object.fromEntries(
      FODMAP_COMPONENT_KEYS.filter((c) => comp[c] !== null).map((c) => [c, { basis: prov[c], citations: compSources[c] }]),
    );

    out.push({
      key,
      name: row.name,
      // The source of its figures is in its citations (USDA's row among them), which the app shows by name with a link.
      description: u.longDesc,
      foodType: FOOD_TYPE[category],
      category,
      synonyms,
      everyday: everyday.has(key),
      servingSize,
      servingGrams: grams,
      caloriesPerServing,
      usdaNdb: row.usdaNdb ? u.ndb : null,
      fructans: comp.fructans,
      galactans: comp.galactans,
      excessFructose: comp.excessFructose,
      sorbitol: comp.sorbitol,
      mannitol: comp.mannitol,
      xylitol: comp.xylitol,
      lactose: comp.lactose,
      oligoGroup,
      componentSources,
      fodmapRating: rating,
      ratingBasis: decision.basis,
      ratingExplanation: decision.ratingExplanation,
      fodmapGroups: decision.fodmapGroups,
      portion: decision.portion,
      checkLabel: decision.checkLabel,
      canTriggerIbs: ibsSeverity !== null,
      ibsTriggerType: ibsType,
      ibsTriggerSeverity: ibsSeverity ?? 'mild',
      ibdTrigger: ibdSeverity !== null,
      ibdSeverity,
      ibdFlareAvoid: flareAvoid,
      crohnsTrigger: crohnsSeverity !== null,
      crohnsSeverity,
      colitisTrigger: colitisSeverity !== null,
      colitisSeverity,
      crohnsSymptoms: [...crohnsSymptoms].sort(),
      colitisSymptoms: [...colitisSymptoms].sort(),
      ibdSymptoms: [...new Set([...crohnsSymptoms, ...colitisSymptoms])].sort(),
      confidenceScore: decision.confidenceScore,
      needsVerification: decision.needsVerification,
      citations: [...citations].sort(),
      sourceNotes: notes.length ? notes.join(' ') : null,
    });
  }

  if (errors.length) throw new Error(`The catalogue build found ${errors.length} problem(s) in the sources:\n  ${errors.join('\n  ')}`);
  out.sort((a, b) => String(a.key).localeCompare(String(b.key)));
  return { version: CATALOGUE_VERSION, foods: out, bibliography, warnings };
}

/** A food outside USDA: nutrition.csv's figures in USDA's shape (its sugars are not split, so nothing is derived). */
function fromNutritionRow(r: Record<string, string>): UsdaFood {
  return {
    ndb: '',
    longDesc: r.note?.trim() || r.key,
    kcal: Number(r.kcalPer100g),
    fat: num(r.fatPer100g),
    carb: num(r.carbPer100g),
    fiber: num(r.fiberPer100g),
    sugars: num(r.sugarsPer100g),
    sucrose: null,
    glucose: null,
    fructose: null,
    lactose: null,
  };
}

/** Counts of a field's values, for the build's summary. */
export function tally(foods: readonly Record<string, unknown>[], field: (f: Record<string, unknown>) => unknown): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of foods) counts[String(field(f))] = (counts[String(field(f))] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

if (require.main === module) {
  const { bibliography, warnings, ...catalogue } = buildCatalogue();
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
