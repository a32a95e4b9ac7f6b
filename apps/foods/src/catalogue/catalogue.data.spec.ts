/**
 * Data tests of the generated catalogue (apps/foods/data/catalogue.json): schema, citations, every rating recomputed
 * from the source rows by the build's own rating functions, and the seven faults of issue 10 shown absent from the
 * data. The well-known ratings and the coverage goal are in catalogue.known-ratings.spec.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { FODMAP_COMPONENT_KEYS, FODMAP_TRIGGER_GROUPS, rateServing, type FodmapComponents } from '@fodmap/contracts';
import { readBibliography, sourceWeightOf } from '../../scripts/catalogue-build/bibliography';
import { buildCatalogue } from '../../scripts/catalogue-build/build';
import { readCsvDir } from '../../scripts/catalogue-build/csv';
import { CATALOGUE_VERSION, sourcesDir } from '../../scripts/catalogue-build/paths';
import { loadUsda } from '../../scripts/catalogue-build/usda';
import { excessFructoseEstimate } from '../../scripts/rating/components';
import { servingProblem } from '../../scripts/rating/servings';
import { kindProblem, rateAtServing, resolveStatements, parseStatement } from '../../scripts/rating/statements';

const dataDir = resolve(__dirname, '../../data');
const catalogue = JSON.parse(readFileSync(resolve(dataDir, 'catalogue.json'), 'utf8')) as { version: string; foods: Food[] };
const bibliography = JSON.parse(readFileSync(resolve(dataDir, 'bibliography.json'), 'utf8')) as { id: string }[];

const underscoreWord = z.string().regex(/^[a-z]+(_[a-z0-9]+)*$/);
const severity = z.enum(['mild', 'moderate', 'severe']);
const component = z.number().min(0).max(100).nullable();
const provenance = z.object({ basis: z.enum(['measured', 'composition', 'derived']), citations: z.array(z.string()).min(1) });
const portion = z
  .object({
    lowUpToGrams: z.number().positive().nullable(),
    lowUpToText: z.string().min(3).nullable(),
    highFromGrams: z.number().positive().nullable(),
    highFromText: z.string().min(3).nullable(),
  })
  .strict()
  .refine((p) => p.lowUpToGrams !== null || p.highFromGrams !== null, 'a portion guide says something')
  .refine((p) => p.lowUpToGrams === null || p.highFromGrams === null || p.lowUpToGrams < p.highFromGrams, 'low up to is below high from');

const CATEGORIES = [
  'fruit', 'vegetables', 'grains_breads', 'legumes', 'nuts_seeds', 'dairy', 'dairy_alternatives', 'meat', 'fish_seafood', 'eggs', 'fats_oils',
  'sweeteners', 'snacks_sweets', 'drinks', 'herbs_spices', 'condiments', 'soups_sauces', 'prepared_foods',
] as const;

const foodSchema = z
  .object({
    key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    name: z.string().min(2),
    // USDA's own description, which may be one word ('Lard')
    description: z.string().min(2),
    foodType: z.enum(['vegetable', 'fruit', 'grain', 'protein', 'dairy', 'other']),
    category: z.enum(CATEGORIES),
    synonyms: z.array(z.string().min(1)),
    everyday: z.boolean(),
    servingSize: z.string().regex(/\(\d+(\.\d)? g\)$/),
    servingGrams: z.number().positive(),
    caloriesPerServing: z.number().int().nonnegative(),
    usdaNdb: z.string().regex(/^\d{5}$/).nullable(),
    fructans: component,
    galactans: component,
    excessFructose: component,
    sorbitol: component,
    mannitol: component,
    xylitol: component,
    lactose: component,
    oligoGroup: z.enum(['grain_legume_nut', 'other']),
    componentSources: z.record(z.enum(FODMAP_COMPONENT_KEYS), provenance),
    fodmapRating: z.enum(['low', 'medium', 'high', 'unknown']),
    ratingBasis: z.enum(['measured', 'statements', 'composition', 'derived', 'ingredients', 'none']),
    ratingExplanation: z.string().min(20).regex(/\.$/),
    fodmapGroups: z.array(z.enum(FODMAP_TRIGGER_GROUPS)),
    portion: portion.nullable(),
    checkLabel: z.boolean(),
    canTriggerIbs: z.boolean(),
    ibsTriggerType: underscoreWord.nullable(),
    ibsTriggerSeverity: severity,
    ibdTrigger: z.boolean(),
    ibdSeverity: severity.nullable(),
    ibdFlareAvoid: z.boolean(),
    crohnsTrigger: z.boolean(),
    crohnsSeverity: severity.nullable(),
    colitisTrigger: z.boolean(),
    colitisSeverity: severity.nullable(),
    crohnsSymptoms: z.array(underscoreWord),
    colitisSymptoms: z.array(underscoreWord),
    ibdSymptoms: z.array(underscoreWord),
    confidenceScore: z.number().int().min(0).max(100),
    needsVerification: z.boolean(),
    citations: z.array(z.string()).min(1),
    sourceNotes: z.string().min(1).nullable(),
  })
  .strict();
type Food = z.infer<typeof foodSchema>;

const bibSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(3),
    // how a sentence cites it; the year is the build's to add, from the entry or the statement, never guessed here
    short: z
      .string()
      .min(2)
      .refine((short) => !/undated|\b(19|20)\d\d\)?$/.test(short), 'short holds no year and no "undated"'),
    authors: z.string().min(2),
    year: z.number().int().min(1900).max(2100).nullable(),
    url: z.string().url().optional(),
    doi: z.string().regex(/^10\.\d{4,}\//).optional(),
    covers: z.string().min(10),
    lowerAuthority: z.literal(true).optional(),
    // a database's row of one food, by its placeholders (catalogue-file.ts fills them)
    record: z.object({ title: z.string().regex(/\{\w+\}/), url: z.string().url() }).optional(),
  })
  .strict()
  .refine((b) => b.url !== undefined || b.doi !== undefined, 'needs url or doi');

const foods = catalogue.foods;
const byKey = new Map(foods.map((f) => [f.key, f]));
const components = (f: Food): FodmapComponents => ({
  fructans: f.fructans,
  galactans: f.galactans,
  excessFructose: f.excessFructose,
  sorbitol: f.sorbitol,
  mannitol: f.mannitol,
  xylitol: f.xylitol,
  lactose: f.lactose,
});
const statementRows = readCsvDir('statements');
const foodRows = new Map(readCsvDir('foods').map((r) => [r.key, r]));
/** Statement rows with a serving, parsed and weighted as the build parses them. */
const sourceWeight = sourceWeightOf(readBibliography());
const statementsOf = (key: string) =>
  statementRows.filter((r) => r.key === key).flatMap((r) => {
    const p = parseStatement(r, sourceWeight);
    return 'statement' in p ? [p.statement] : [];
  });

describe('food catalogue data', () => {
  it(`is release ${CATALOGUE_VERSION} with at least 890 foods`, () => {
    expect(catalogue.version).toBe(CATALOGUE_VERSION);
    expect(foods.length).toBeGreaterThanOrEqual(890);
  });

  it('has unique keys and unique names, sorted by key', () => {
    expect(new Set(foods.map((f) => f.key)).size).toBe(foods.length);
    expect(new Set(foods.map((f) => f.name.toLowerCase())).size).toBe(foods.length);
    const keys = foods.map((f) => f.key);
    expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
  });

  it('validates every food against the schema', () => {
    const failures = foods
      .map((f) => ({ key: f.key, r: foodSchema.safeParse(f) }))
      .filter((x) => !x.r.success)
      .map((x) => `${x.key}: ${x.r.success ? '' : x.r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('has a valid bibliography where every entry has a short citation and a url or doi', () => {
    const failures = bibliography.map((b) => ({ id: b.id, r: bibSchema.safeParse(b) })).filter((x) => !x.r.success).map((x) => x.id);
    expect(failures).toEqual([]);
    const ids = bibliography.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('usda-sr28');
    // one page, one entry: two ids for one page would count its statements as two sources
    const urls = bibliography.map((b) => (b as { url?: string }).url).filter(Boolean);
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);
  });

  it('cites only bibliography entries; a food cites USDA SR28 or, outside USDA, its nutrition source', () => {
    const ids = new Set(bibliography.map((b) => b.id));
    expect(foods.flatMap((f) => f.citations.filter((c) => !ids.has(c)).map((c) => `${f.key} cites unknown ${c}`))).toEqual([]);
    for (const f of foods) {
      if (f.usdaNdb !== null) expect(f.citations).toContain('usda-sr28');
      for (const src of Object.values(f.componentSources)) for (const c of src.citations) expect(ids.has(c)).toBe(true);
    }
  });

  it('is what the build makes of the sources today: every rating recomputed from its recorded evidence and serving', () => {
    const rebuilt = new Map(buildCatalogue().foods.map((f) => [f.key as string, f]));
    const fields = ['servingGrams', 'fodmapRating', 'ratingBasis', 'fodmapGroups', 'ratingExplanation', 'portion', 'checkLabel', 'confidenceScore'] as const;
    const differences = foods.flatMap((f) =>
      fields.filter((k) => JSON.stringify(rebuilt.get(f.key)?.[k]) !== JSON.stringify(f[k])).map((k) => `${f.key}.${k}: stored ${JSON.stringify(f[k])}, rebuilt ${JSON.stringify(rebuilt.get(f.key)?.[k])}`),
    );
    expect(differences).toEqual([]);
    expect(rebuilt.size).toBe(foods.length);
  });

  it('stores, for every food rated by statements, what its statements say at its serving', () => {
    const mismatches = foods
      .filter((f) => f.ratingBasis === 'statements')
      .map((f) => ({ f, v: rateAtServing(resolveStatements(statementsOf(f.key)).accepted, f.servingGrams) }))
      .filter(({ f, v }) => v?.rating !== f.fodmapRating)
      .map(({ f, v }) => `${f.key}: stored ${f.fodmapRating}, statements say ${v?.rating ?? 'nothing'} at ${f.servingGrams} g`);
    expect(mismatches).toEqual([]);
  });

  it('stores the rating rateServing gives for foods decided by measured or derived values', () => {
    const mismatches: string[] = [];
    for (const f of foods) {
      if (f.ratingBasis !== 'measured' && f.ratingBasis !== 'derived') continue;
      // Lactose measured below a detection limit: that limit proves low and is not stored (fault 4).
      const bound = /Lactose measured below ([\d.]+) g\/100 g: an upper bound/.exec(f.sourceNotes ?? '');
      const r = rateServing(bound && f.lactose === null ? { ...components(f), lactose: Number(bound[1]) } : components(f), f.servingGrams, f.oligoGroup);
      // A decided rating must match; an undecided one may publish the minimum the known values prove (medium or high).
      const ok = f.fodmapRating === r.rating || (r.rating === 'unknown' && r.minimumRating !== 'low' && f.fodmapRating === r.minimumRating);
      if (!ok) mismatches.push(`${f.key}: stored ${f.fodmapRating}, computed ${r.rating}/${r.minimumRating}`);
      if (r.rating === 'unknown' && !/^At least/.test(f.ratingExplanation)) mismatches.push(`${f.key}: undecided, but its explanation names no minimum`);
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps unknown components null: every non-null component has a recorded source, every null has none', () => {
    const problems: string[] = [];
    for (const f of foods) {
      for (const c of FODMAP_COMPONENT_KEYS) {
        const value = f[c];
        const src = f.componentSources[c];
        if (value === null && src !== undefined) problems.push(`${f.key}.${c} is null but has a source`);
        if (value !== null && src === undefined) problems.push(`${f.key}.${c} = ${value} has no source`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('only rates unknown without a basis, never silently low; check-the-label foods are unknown and say what to check', () => {
    expect(foods.filter((f) => (f.fodmapRating === 'unknown') !== (f.ratingBasis === 'none')).map((f) => f.key)).toEqual([]);
    for (const f of foods) if (f.fodmapRating === 'unknown') expect(f.needsVerification).toBe(true);
    expect(foods.filter((f) => f.checkLabel && (f.fodmapRating !== 'unknown' || !f.ratingExplanation.startsWith('Depends on the recipe: check the label for'))).map((f) => f.key)).toEqual([]);
  });

  it('names the FODMAP groups of every medium or high food, and none for low or unknown', () => {
    expect(foods.filter((f) => (f.fodmapRating === 'medium' || f.fodmapRating === 'high') !== f.fodmapGroups.length > 0).map((f) => `${f.key} (${f.fodmapRating})`)).toEqual([]);
  });

  it('explains every rating in a sentence with its source', () => {
    const shortOf = new Map(bibliography.map((b) => [b.id, ((b as { short?: string }).short ?? '').replace(/,?\s*\(?(19|20)\d\d\)?$/, '')]));
    const bad = foods.filter((f) => {
      if (f.fodmapRating === 'unknown') return !/^(Not yet rated|Depends on the recipe)/.test(f.ratingExplanation);
      const head = f.fodmapRating === 'low' ? /^Low FODMAP/ : f.fodmapRating === 'medium' ? /^(Medium FODMAP|At least medium)/ : /^(High in|At least high)/;
      const citesOne = f.citations.some((id: string) => shortOf.get(id) && f.ratingExplanation.includes(shortOf.get(id)));
      return !head.test(f.ratingExplanation) || !citesOne;
    });
    expect(bad.map((f) => `${f.key}: ${f.ratingExplanation}`)).toEqual([]);
  });

  it('names no source by a bare domain or a database row id in what a person reads', () => {
    // ': ntro.it.com.' or '(cycheese.com)' as a source's whole name; 'USDA SR28 NDB 11215' as a description's suffix
    const bareDomain = /(?:^|[:;(]\s)[\w-]+(?:\.[\w-]+)+(?=[.,;)]|$)/;
    const rowId = /\bNDB\b|\bSR28\b/;
    const bad = foods.filter((f) => bareDomain.test(f.ratingExplanation ?? '') || rowId.test(`${f.ratingExplanation ?? ''} ${f.description}`));
    expect(bad.map((f) => `${f.key}: ${f.description} | ${f.ratingExplanation}`)).toEqual([]);
  });

  it('records disagreements and flags low confidence', () => {
    const unflagged = foods.filter((f) => (f.confidenceScore < 60 || f.sourceNotes?.includes('Sources disagree')) && f.needsVerification !== true);
    expect(unflagged.map((f) => f.key)).toEqual([]);
  });

  it("keeps trigger fields consistent; a FODMAP trigger is typed by the food's worst group", () => {
    expect(foods.filter((f) => f.canTriggerIbs !== (f.ibsTriggerType !== null)).map((f) => f.key)).toEqual([]);
    const fodmapTypes = ['fructans', 'galactans', 'excess_fructose', 'polyols', 'lactose'];
    const typeOf: Record<string, string> = { fructans: 'fructans', galactans: 'galactans', excessFructose: 'excess_fructose', sorbitol: 'polyols', mannitol: 'polyols', xylitol: 'polyols', lactose: 'lactose' };
    const mistyped = foods.filter((f) => f.fodmapGroups.length > 0 && f.ibsTriggerType !== null && fodmapTypes.includes(f.ibsTriggerType) && !f.fodmapGroups.some((g) => typeOf[g] === f.ibsTriggerType));
    expect(mistyped.map((f) => `${f.key}: ${f.ibsTriggerType}, groups ${f.fodmapGroups.join(', ')}`)).toEqual([]);
    for (const f of foods) {
      expect(f.crohnsTrigger).toBe(f.crohnsSeverity !== null);
      expect(f.colitisTrigger).toBe(f.colitisSeverity !== null);
      expect(f.ibdTrigger).toBe(f.crohnsTrigger || f.colitisTrigger);
      expect(f.ibdSymptoms).toEqual([...new Set([...f.crohnsSymptoms, ...f.colitisSymptoms])].sort());
    }
  });

  it('treats plain meat, fish, eggs and oils as FODMAP-free by composition', () => {
    for (const key of ['egg', 'chicken-breast', 'salmon', 'beef-sirloin', 'pork-chop', 'olive-oil', 'canola-oil', 'tuna-canned-water', 'cod-atlantic']) {
      const f = byKey.get(key);
      expect({ key, rating: f?.fodmapRating, fructans: f?.fructans, basis: f?.componentSources.fructans?.basis }).toEqual({ key, rating: 'low', fructans: 0, basis: 'composition' });
    }
  });

  it('marks the everyday foods of everyday-foods.csv, and only those', () => {
    const everyday = new Set(readFileSync(resolve(sourcesDir, 'everyday-foods.csv'), 'utf8').split(/\r?\n/).slice(1).map((l) => l.trim()).filter(Boolean));
    expect(foods.filter((f) => f.everyday !== everyday.has(f.key)).map((f) => f.key)).toEqual([]);
  });

  it('covers the main food groups', () => {
    const counts = new Map<string, number>();
    for (const f of foods) counts.set(f.category, (counts.get(f.category) ?? 0) + 1);
    const groups = ['fruit', 'vegetables', 'grains_breads', 'legumes', 'nuts_seeds', 'dairy', 'meat', 'fish_seafood', 'eggs', 'fats_oils', 'sweeteners', 'drinks', 'herbs_spices', 'condiments', 'prepared_foods'];
    expect(groups.filter((c) => (counts.get(c) ?? 0) < 8)).toEqual([]);
  });
});

describe('the faults of issue 10 are absent from the data', () => {
  it('fault 1: every statement states the serving it holds at (a row without one rates nothing)', () => {
    expect(statementRows.filter((r) => !(Number(r.servingGrams) > 0)).map((r) => `${r.key} (${r.source}): '${r.statement}'`)).toEqual([]);
  });

  it('fault 1: no food is rated low above its largest serving shown low, or high below its smallest shown high', () => {
    const bad = foods.filter((f) => {
      if (f.ratingBasis !== 'statements' || !f.portion) return false;
      const { lowUpToGrams: low, highFromGrams: high } = f.portion;
      return (f.fodmapRating === 'low' && (low === null || f.servingGrams > low * 1.05 + 1e-9)) || (f.fodmapRating === 'high' && (high === null || f.servingGrams < high * 0.95 - 1e-9));
    });
    expect(bad.map((f) => `${f.key}: ${f.fodmapRating} at ${f.servingGrams} g, portion ${JSON.stringify(f.portion)}`)).toEqual([]);
  });

  it('fault 2: every statement names the kind of food it tested, and that kind is ours', () => {
    const problems = statementRows.flatMap((r) => {
      const food = foodRows.get(r.key);
      if (!food) return [`${r.key}: no such food`];
      const problem = kindProblem({ name: food.name, category: food.category, synonyms: (food.synonyms ?? '').split('|').filter(Boolean) }, r.names ?? '');
      return problem ? [`${r.key} (${r.source}): ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('fault 3: no composition rule or USDA figure outranks a statement that decides the food at our serving', () => {
    const bad = foods.filter((f) => (f.ratingBasis === 'composition' || f.ratingBasis === 'derived') && rateAtServing(resolveStatements(statementsOf(f.key)).accepted, f.servingGrams) !== null);
    expect(bad.map((f) => `${f.key} (${f.ratingBasis})`)).toEqual([]);
  });

  it('fault 4: an upper bound is never stored as lactose and never makes a food medium or high', () => {
    // The build's own note on a rating an upper bound decided (a helper's note may mention a bound it did not use).
    const bounded = foods.filter((f) => /upper bound; it proves low/.test(f.sourceNotes ?? ''));
    expect(bounded.filter((f) => f.lactose !== null || f.fodmapRating === 'medium' || f.fodmapRating === 'high').map((f) => f.key)).toEqual([]);
    expect(foods.filter((f) => f.ratingBasis === 'composition' && f.fodmapRating !== 'low').map((f) => f.key)).toEqual([]);
  });

  it('fault 5: a superseded statement is recorded, and the rating never rests on it', () => {
    const problems: string[] = [];
    for (const f of foods) {
      const { accepted, superseded } = resolveStatements(statementsOf(f.key));
      if (superseded.length && !/Superseded:/.test(f.sourceNotes ?? '')) problems.push(`${f.key}: ${superseded.length} superseded statement(s) not recorded`);
      // The statements kept decide; a superseded one, had it been kept, would have said otherwise at this serving.
      if (superseded.length && f.ratingBasis === 'statements') {
        const kept = rateAtServing(accepted, f.servingGrams)?.rating;
        if (kept !== f.fodmapRating) problems.push(`${f.key}: rated ${f.fodmapRating}, its kept statements say ${kept}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('fault 6: a stored USDA excess fructose has a clear margin at the serving', () => {
    const { foods: usda } = loadUsda();
    const unclear = foods.filter((f) => {
      if (f.componentSources.excessFructose?.basis !== 'derived' || f.usdaNdb === null) return false;
      const u = usda.get(f.usdaNdb)!;
      const onlyFodmap = FODMAP_COMPONENT_KEYS.every((c) => c === 'excessFructose' || f[c] === 0);
      return !excessFructoseEstimate(u.fructose!, u.glucose!, f.servingGrams, onlyFodmap).clear;
    });
    expect(unclear.map((f) => f.key)).toEqual([]);
  });

  it('fault 7: every serving is an ordinary portion in plain words', () => {
    const problems = foods.flatMap((f) => {
      const p = servingProblem({ key: f.key, name: f.name, category: f.category, servingSize: f.servingSize, servingGrams: f.servingGrams, description: f.description });
      return p ? [`${f.key}: ${p}`] : [];
    });
    expect(problems).toEqual([]);
  });
});
