/**
 * Builds apps/foods/data/catalogue.json from USDA SR28 and the curated sources in apps/foods/data/sources.
 *
 *   npx tsx apps/foods/scripts/build-catalogue.ts          (from the repository root)
 *   USDA_SR28_DIR=/path/to/usda-sr28 npx tsx apps/foods/scripts/build-catalogue.ts
 *
 * Deterministic: same inputs give byte-identical output (foods sorted by key, stable field order).
 * The rules (rating basis, confidence, triggers) are documented in apps/foods/data/README.md.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  FODMAP_COMPONENT_KEYS,
  oligoGroupOf,
  rateServing,
  UNMEASURED_COMPONENTS,
  type FodmapComponents,
  type FodmapRating,
  type OligoGroup,
  type ServingRating,
} from '@fodmap/contracts';

export const CATALOGUE_VERSION = '2026.11.3';

const repoRoot = resolve(__dirname, '../../..');
const dataDir = resolve(repoRoot, 'apps/foods/data');
const sourcesDir = resolve(dataDir, 'sources');
const usdaDir = process.env.USDA_SR28_DIR ? resolve(process.env.USDA_SR28_DIR) : resolve(repoRoot, '../shared/data/usda-sr28');

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

const readCsv = (path: string) => parseCsv(readFileSync(path, 'utf8'));
/** Every `*.csv` (or `*.json`) of a folder of sources, in file-name order: one file per category, so each can be reviewed alone. */
const filesOf = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => resolve(dir, f));
const readCsvDir = (dir: string) => filesOf(resolve(sourcesDir, dir), '.csv').flatMap(readCsv);

interface BibliographyEntry {
  id: string;
  title: string;
  authors?: string;
  year?: number;
  url?: string;
  doi?: string;
  covers: string;
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

/** Sources whose lists are of lower authority (publisher unknown, commercial, or a garbled table): they count half. */
const LOWER_AUTHORITY = new Set([
  'studylib-fodmap-ibs-handout',
  'painfreeliving-fodmap-definition',
  'frusano-low-fodmap-foods',
  'casadesante-low-fodmap-fruits',
  'ibs-gas-bloating-handout',
  'fodmaplife-coconut',
  'casadesante-chocolate',
  'casadesante-alcohol',
  'foodisgood-alcohol',
  'foodisgood-condiments',
  'verdenutrition-sauces',
  'fodmapsnap-condiments',
  'lowfodmap-com-food-list',
  'growingupandlikingit-in-season',
  'gastroenterology-co-ke-fodmap',
]);

interface UsdaFood {
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

interface CompositionRules {
  zeroCarbohydrate: { maxCarbPer100g: number; citations: string[] };
  plainAnimalFoodsAndFats: { categories: Category[]; maxCarbPer100g: number; excludeKeys: string[]; citations: string[] };
  plainDairyLactoseOnly: { keys: string[]; citations: string[] };
  noLactoseInPlantFoods: { categories: Category[]; excludeKeys: string[]; citations: string[] };
  pureSugarsAndSyrups: { keys: string[]; citations: string[] };
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

function loadUsda(): { foods: Map<string, UsdaFood>; weights: Map<string, { seq: string; amount: number; measure: string; grams: number }[]> } {
  const foods = new Map<string, UsdaFood>();
  for (const r of readCsv(resolve(usdaDir, 'foods.csv'))) {
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
  for (const r of readCsv(resolve(usdaDir, 'weights.csv'))) {
    const list = weights.get(r.ndb_no) ?? [];
    list.push({ seq: r.seq, amount: Number(r.amount), measure: r.measure, grams: Number(r.grams) });
    weights.set(r.ndb_no, list);
  }
  return { foods, weights };
}

// ---------------------------------------------------------------- helpers

const RATING_ORDER: Record<FodmapRating, number> = { unknown: -1, low: 0, medium: 1, high: 2 };
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

const FRACTIONS: [number, string][] = [
  [0.25, '¼'],
  [0.5, '½'],
  [0.75, '¾'],
  [1 / 3, '⅓'],
  [2 / 3, '⅔'],
];
function formatAmount(n: number): string {
  const whole = Math.floor(n + 1e-9);
  const frac = n - whole;
  if (frac < 1e-6) return String(whole);
  const hit = FRACTIONS.find(([v]) => Math.abs(v - frac) < 0.01);
  if (hit) return whole ? `${whole}${hit[1]}` : hit[1];
  return String(round(n, 2));
}

const NO_PLURAL = new Set(['tbsp', 'tsp', 'oz', 'fl', 'lb', 'g', 'medium', 'large', 'small', 'extra', 'cup,', 'nlea', 'each']);
function pluralizeMeasure(measure: string, amount: number): string {
  if (amount <= 1) return measure;
  const m = /^([A-Za-z]+)(.*)$/.exec(measure);
  if (!m) return measure;
  const [, word, rest] = m;
  if (NO_PLURAL.has(word.toLowerCase()) || /s$/i.test(word)) return measure;
  const plural = /(ch|sh|x)$/i.test(word) ? `${word}es` : /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
  return plural + rest;
}

// ---------------------------------------------------------------- build

type Provenance = 'measured' | 'composition' | 'derived';

interface CategoricalRow {
  rating: Exclude<FodmapRating, 'unknown'>;
  source: string;
  statement: string;
}

export function buildCatalogue() {
  const { foods: usda, weights } = loadUsda();
  const curated = readCsvDir('foods');
  const measured = readCsvDir('measured');
  const categorical = readCsvDir('statements');
  const rules = readJson<CompositionRules>(resolve(sourcesDir, 'composition-rules.json'));
  const triggers = readJson<TriggerRules>(resolve(sourcesDir, 'trigger-rules.json'));
  const bibliography = readBibliography();
  const bibIds = new Set(bibliography.map((b) => b.id));

  const measuredByKey = new Map<string, Record<string, string>[]>();
  for (const m of measured) measuredByKey.set(m.key, [...(measuredByKey.get(m.key) ?? []), m]);
  const categoricalByKey = new Map<string, CategoricalRow[]>();
  for (const c of categorical) {
    if (!['low', 'medium', 'high'].includes(c.rating)) throw new Error(`bad categorical rating for ${c.key}: ${c.rating}`);
    categoricalByKey.set(c.key, [
      ...(categoricalByKey.get(c.key) ?? []),
      { rating: c.rating as CategoricalRow['rating'], source: c.source, statement: c.statement },
    ]);
  }

  const keys = new Set<string>();
  const out: Record<string, unknown>[] = [];

  for (const row of curated) {
    const key = row.key;
    if (keys.has(key)) throw new Error(`duplicate key ${key}`);
    keys.add(key);
    const category = row.category as Category;
    if (!(category in FOOD_TYPE)) throw new Error(`unknown category ${category} for ${key}`);
    const u = usda.get(row.usdaNdb);
    if (!u) throw new Error(`USDA NDB ${row.usdaNdb} not found for ${key}`);
    const w = (weights.get(u.ndb) ?? []).find((x) => x.seq === row.servingSeq);
    if (!w) throw new Error(`no USDA weight seq ${row.servingSeq} for ${key} (${u.ndb})`);
    const factor = Number(row.servingFactor || '1');
    const amount = w.amount * factor;
    const grams = round(w.grams * factor, 1);
    const servingSize = `${formatAmount(amount)} ${pluralizeMeasure(w.measure, amount)} (${round(grams, 1)} g)`;
    const caloriesPerServing = Math.round((u.kcal * grams) / 100);

    // ---- components
    const comp: FodmapComponents = { ...UNMEASURED_COMPONENTS };
    const prov: Partial<Record<keyof FodmapComponents, Provenance>> = {};
    const compSources: Partial<Record<keyof FodmapComponents, string[]>> = {};
    const citations = new Set<string>(['usda-sr28']);
    const notes: string[] = [];
    const set = (c: keyof FodmapComponents, v: number, p: Provenance, src: string[]) => {
      if (comp[c] !== null) return; // first rule wins: measured, then composition, then derived
      comp[c] = round(v, 3);
      prov[c] = p;
      compSources[c] = src;
    };

    for (const m of measuredByKey.get(key) ?? []) {
      const c = m.component as keyof FodmapComponents;
      if (!FODMAP_COMPONENT_KEYS.includes(c)) throw new Error(`bad component ${m.component} for ${key}`);
      const src = m.sources.split('|');
      set(c, Number(m.gPer100g), 'measured', src);
      src.forEach((s) => citations.add(s));
      notes.push(`Measured ${c} ${m.gPer100g} g/100 g (${m.note}).`);
    }

    const setAll = (p: Provenance, src: string[], except: (keyof FodmapComponents)[] = []) => {
      for (const c of FODMAP_COMPONENT_KEYS) if (!except.includes(c)) set(c, 0, p, src);
    };

    let compositionRule: string | null = null;
    if (u.carb !== null && u.carb <= rules.zeroCarbohydrate.maxCarbPer100g) {
      setAll('composition', rules.zeroCarbohydrate.citations);
      compositionRule = 'zeroCarbohydrate';
    } else if (
      rules.plainAnimalFoodsAndFats.categories.includes(category) &&
      !rules.plainAnimalFoodsAndFats.excludeKeys.includes(key) &&
      u.carb !== null &&
      u.carb <= rules.plainAnimalFoodsAndFats.maxCarbPer100g
    ) {
      if (u.lactose !== null && u.lactose > 0) set('lactose', u.lactose, 'derived', ['usda-sr28']);
      setAll('composition', rules.plainAnimalFoodsAndFats.citations);
      compositionRule = 'plainAnimalFoodsAndFats';
    } else if (rules.plainDairyLactoseOnly.keys.includes(key)) {
      setAll('composition', rules.plainDairyLactoseOnly.citations, ['lactose']);
      const lactose = u.lactose ?? u.carb;
      if (lactose !== null) {
        set('lactose', lactose, 'derived', ['usda-sr28']);
        if (u.lactose === null) notes.push(`Lactose not analysed in USDA; total carbohydrate ${u.carb} g/100 g used as an upper bound.`);
      }
      compositionRule = 'plainDairyLactoseOnly';
    } else if (rules.pureSugarsAndSyrups.keys.includes(key)) {
      setAll('composition', rules.pureSugarsAndSyrups.citations, ['excessFructose']);
      if (u.fructose !== null && u.glucose !== null) set('excessFructose', Math.max(0, u.fructose - u.glucose), 'derived', ['usda-sr28']);
      else if (u.sucrose !== null && u.sugars !== null && u.sucrose >= u.sugars - 0.5) {
        set('excessFructose', 0, 'composition', rules.pureSugarsAndSyrups.citations);
        notes.push('Sugar is sucrose: equal fructose and glucose, no excess fructose.');
      }
      compositionRule = 'pureSugarsAndSyrups';
    }
    if (
      comp.lactose === null &&
      rules.noLactoseInPlantFoods.categories.includes(category) &&
      !rules.noLactoseInPlantFoods.excludeKeys.includes(key) &&
      !(u.lactose !== null && u.lactose > 0)
    ) {
      set('lactose', 0, 'composition', rules.noLactoseInPlantFoods.citations);
    }
    // Derived from USDA sugar columns.
    if (u.fructose !== null && u.glucose !== null) set('excessFructose', Math.max(0, u.fructose - u.glucose), 'derived', ['usda-sr28']);
    if (u.lactose !== null) set('lactose', u.lactose, 'derived', ['usda-sr28']);
    if (compositionRule) {
      for (const s of (rules as unknown as Record<string, { citations: string[] }>)[compositionRule].citations) citations.add(s);
    }
    for (const c of FODMAP_COMPONENT_KEYS) if (prov[c] === 'composition') compSources[c]!.forEach((s) => citations.add(s));

    // ---- rating
    const oligoGroup: OligoGroup = oligoGroupOf({ category });
    const r: ServingRating = rateServing(comp, grams, oligoGroup);
    const groupComponents: Record<string, (keyof FodmapComponents)[]> = {
      oligosaccharides: ['fructans', 'galactans'],
      excessFructose: ['excessFructose'],
      sorbitol: ['sorbitol'],
      mannitol: ['mannitol'],
      totalPolyols: ['sorbitol', 'mannitol', 'xylitol'],
      lactose: ['lactose'],
    };
    const provOfGroups = (groups: string[]): Provenance[] =>
      groups.flatMap((g) => groupComponents[g].filter((c) => comp[c] !== null).map((c) => prov[c]!));
    const basisFromProv = (ps: Provenance[]): 'measured' | 'derived' => (ps.includes('measured') && !ps.includes('derived') ? 'measured' : 'derived');
    const driving =
      r.minimumRating === 'low'
        ? Object.keys(groupComponents)
        : r.groups.filter((g) => g.grams !== null && g.grams / g.cutoff > (r.minimumRating === 'high' ? 2 : 1) + 1e-9).map((g) => g.group);
    const drivingProv = provOfGroups(driving);
    // USDA fructose - glucose is a general sugar analysis, not a FODMAP analysis: it does not overrule published FODMAP sources.
    const drivenOnlyByUsdaFructose =
      r.minimumRating !== 'low' && driving.every((g) => g === 'excessFructose') && prov.excessFructose === 'derived';

    const cats = categoricalByKey.get(key) ?? [];
    cats.forEach((c) => citations.add(c.source));
    // Categorical sources that disagree: the rating with the most source weight wins; a tie goes to the higher rating.
    const catWeights = new Map<FodmapRating, number>();
    for (const s of new Set(cats.map((c) => `${c.source}\u0000${c.rating}`))) {
      const [src, rt] = s.split('\u0000') as [string, FodmapRating];
      catWeights.set(rt, (catWeights.get(rt) ?? 0) + (LOWER_AUTHORITY.has(src) ? 0.5 : 1));
    }
    const catMax: FodmapRating = [...catWeights.entries()].reduce<FodmapRating>((best, [rt, wgt]) => {
      if (best === 'unknown') return rt;
      const bw = catWeights.get(best)!;
      return wgt > bw + 1e-9 || (Math.abs(wgt - bw) < 1e-9 && RATING_ORDER[rt] > RATING_ORDER[best]) ? rt : best;
    }, 'unknown');

    let rating: FodmapRating;
    let ratingBasis: 'measured' | 'derived' | 'categorical' | 'none';
    const decisive = r.rating !== 'unknown';
    const catsAgreeing = (x: FodmapRating) => cats.filter((c) => c.rating === x);
    const catsDisagreeing = (x: FodmapRating) => cats.filter((c) => c.rating !== x);

    if (decisive && !(drivenOnlyByUsdaFructose && cats.length > 0)) {
      rating = r.rating;
      ratingBasis = basisFromProv(drivingProv);
    } else if (cats.length > 0) {
      rating = catMax;
      ratingBasis = 'categorical';
      if (r.minimumRating !== 'low' && !drivenOnlyByUsdaFructose && RATING_ORDER[r.minimumRating] > RATING_ORDER[catMax]) {
        rating = r.minimumRating;
        ratingBasis = basisFromProv(drivingProv);
        notes.push(`Known amounts already exceed a cut-off at this serving (at least ${r.minimumRating}); listed as ${catMax} by ${cats.map((c) => c.source).join(', ')}.`);
      }
    } else if (r.minimumRating !== 'low' && !drivenOnlyByUsdaFructose) {
      rating = r.minimumRating;
      ratingBasis = basisFromProv(drivingProv);
      notes.push(`Only part of the FODMAP profile is known; the known amounts already exceed the ${driving.join(', ')} cut-off, so this is a minimum rating.`);
    } else {
      rating = 'unknown';
      ratingBasis = 'none';
      notes.push('No FODMAP measurement or categorical source for this food at this serving; rated unknown.');
    }

    if (r.minimumRating !== 'low' && drivenOnlyByUsdaFructose && ratingBasis === 'categorical' && rating !== r.minimumRating) {
      const g = r.groups.find((x) => x.group === 'excessFructose')!;
      notes.push(
        `USDA sugars give ${g.grams} g excess fructose per serving (cut-off ${g.cutoff} g, ${r.minimumRating}); published FODMAP sources rate it ${rating}. USDA sugar analyses are not FODMAP analyses and vary with variety and ripeness.`,
      );
    }

    // ---- confidence
    const weight = (src: string) => (LOWER_AUTHORITY.has(src) ? 0.5 : 1);
    const agreeing = rating === 'unknown' ? [] : catsAgreeing(rating);
    const disagreeing = rating === 'unknown' ? [] : catsDisagreeing(rating);
    let confidence: number;
    if (ratingBasis === 'measured') confidence = decisive ? 75 : 55;
    else if (ratingBasis === 'derived') {
      const usesUsdaSugars = drivingProv.includes('derived');
      confidence = !decisive ? 50 : drivenOnlyByUsdaFructose ? 55 : usesUsdaSugars ? 60 : 70;
    } else if (ratingBasis === 'categorical') {
      const sources = new Set(agreeing.map((c) => c.source));
      const w = [...sources].reduce((acc, s) => acc + weight(s), 0);
      confidence = Math.round(45 + Math.max(0, w - 1) * 8);
      confidence = Math.min(confidence, 70);
    } else confidence = 15;
    if (ratingBasis === 'measured' || ratingBasis === 'derived') {
      const w = new Set(agreeing.map((c) => c.source));
      confidence += Math.min(15, [...w].reduce((acc, s) => acc + 5 * weight(s), 0));
    }
    const disagreeSources = [...new Set(disagreeing.map((c) => c.source))];
    confidence -= Math.min(30, disagreeSources.reduce((acc, s) => acc + 10 * weight(s), 0));
    confidence = Math.max(5, Math.min(95, Math.round(confidence)));
    if (disagreeSources.length > 0) {
      notes.push(
        `Sources disagree: ${disagreeing.map((c) => `${c.source} says ${c.rating} (${c.statement})`).join('; ')}.`,
      );
    }
    const needsVerification = confidence < 60 || disagreeSources.length > 0 || rating === 'unknown';

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
    const fodmapType = () => {
      const names: Record<string, string> = {
        oligosaccharides: comp.galactans !== null && comp.galactans > (comp.fructans ?? 0) ? 'galactans' : 'fructans',
        excessFructose: 'excess_fructose',
        sorbitol: 'polyols',
        mannitol: 'polyols',
        totalPolyols: 'polyols',
        lactose: 'lactose',
      };
      const groups = ratingBasis === 'categorical' ? [] : r.exceeded;
      const fromCats = cats.filter((c) => c.rating === rating).map((c) => c.statement.toLowerCase());
      if (groups.length) return names[groups[0]];
      if (fromCats.some((s) => /lactose|milk|yogurt|yoghurt|cheese|ice cream/.test(s))) return 'lactose';
      if (fromCats.some((s) => /fructan|wheat|rye|barley|onion|garlic|leek|artichoke|asparagus|inulin|cashew|pistachio/.test(s))) return 'fructans';
      if (fromCats.some((s) => /galactan|gos|bean|lentil|legume|pulse|chickpea|soy|miso/.test(s))) return 'galactans';
      if (fromCats.some((s) => /polyol|sorbitol|mannitol|stone fruit|mushroom|cauliflower/.test(s))) return 'polyols';
      if (fromCats.some((s) => /fructose|fruit|honey|hfcs|agave|apple|pear|mango/.test(s))) return 'excess_fructose';
      return r.exceeded.length ? names[r.exceeded[0]] : 'fructans';
    };
    const triggerCitations: string[] = [];
    for (const t of triggers.rules) {
      if (!matchRule(t)) continue;
      t.citations.forEach((c) => triggerCitations.push(c));
      if (t.ibs) {
        const type = t.ibs.type ?? fodmapType();
        if (ibsSeverity === null || sevOrder[t.ibs.severity] > sevOrder[ibsSeverity]) ibsType = type;
        ibsSeverity = maxSev(ibsSeverity, t.ibs.severity);
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
    triggerCitations.forEach((c) => citations.add(c));
    const ibdSeverity: Severity | null =
      crohnsSeverity === null ? colitisSeverity : colitisSeverity === null ? crohnsSeverity : maxSev(crohnsSeverity, colitisSeverity);
    flareAvoid ||= ibdSeverity !== null && sevOrder[ibdSeverity] >= sevOrder.moderate;

    for (const c of citations) if (!bibIds.has(c)) throw new Error(`citation ${c} (food ${key}) is not in bibliography.json`);
    const synonyms = row.synonyms ? row.synonyms.split('|').map((s) => s.trim()).filter(Boolean) : [];
    const componentSources = Object.fromEntries(
      FODMAP_COMPONENT_KEYS.filter((c) => comp[c] !== null).map((c) => [c, { basis: prov[c], citations: compSources[c] }]),
    );

    out.push({
      key,
      name: row.name,
      description: `${u.longDesc} (USDA SR28 NDB ${u.ndb})`,
      foodType: FOOD_TYPE[category],
      category,
      synonyms,
      servingSize,
      servingGrams: grams,
      caloriesPerServing,
      usdaNdb: u.ndb,
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
      ratingBasis,
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
      confidenceScore: confidence,
      needsVerification,
      citations: [...citations].sort(),
      sourceNotes: notes.length ? notes.join(' ') : null,
    });
  }

  out.sort((a, b) => String(a.key).localeCompare(String(b.key)));
  return { version: CATALOGUE_VERSION, foods: out, bibliography };
}

if (require.main === module) {
  const { bibliography, ...catalogue } = buildCatalogue();
  const target = resolve(dataDir, 'catalogue.json');
  writeFileSync(target, `${JSON.stringify(catalogue, null, 2)}\n`);
  writeFileSync(resolve(dataDir, 'bibliography.json'), `${JSON.stringify(bibliography, null, 2)}\n`);
  const count = (f: (x: Record<string, unknown>) => unknown) =>
    catalogue.foods.reduce<Record<string, number>>((acc, x) => {
      const k = String(f(x));
      acc[k] = (acc[k] ?? 0) + 1;
      return acc;
    }, {});
  console.log(`wrote ${catalogue.foods.length} foods to ${target}`);
  console.log('rating', count((x) => x.fodmapRating));
  console.log('basis', count((x) => x.ratingBasis));
  console.log('category', count((x) => x.category));
}
