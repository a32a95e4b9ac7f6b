import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { FODMAP_COMPONENT_KEYS, rateServing, type FodmapComponents } from '@fodmap/contracts';

const dataDir = resolve(__dirname, '../../data');
const catalogue = JSON.parse(readFileSync(resolve(dataDir, 'catalogue.json'), 'utf8')) as { version: string; foods: Food[] };
const bibliography = JSON.parse(readFileSync(resolve(dataDir, 'bibliography.json'), 'utf8')) as unknown[];

const underscoreWord = z.string().regex(/^[a-z]+(_[a-z0-9]+)*$/);
const severity = z.enum(['mild', 'moderate', 'severe']);
const component = z.number().min(0).max(100).nullable();
const provenance = z.object({ basis: z.enum(['measured', 'composition', 'derived']), citations: z.array(z.string()).min(1) });

const foodSchema = z
  .object({
    key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    name: z.string().min(2),
    description: z.string().min(5),
    foodType: z.enum(['vegetable', 'fruit', 'grain', 'protein', 'dairy', 'other']),
    category: z.enum([
      'fruit',
      'vegetables',
      'grains_breads',
      'legumes',
      'nuts_seeds',
      'dairy',
      'dairy_alternatives',
      'meat',
      'fish_seafood',
      'eggs',
      'fats_oils',
      'sweeteners',
      'snacks_sweets',
      'drinks',
      'herbs_spices',
      'condiments',
      'soups_sauces',
      'prepared_foods',
    ]),
    synonyms: z.array(z.string().min(1)),
    servingSize: z.string().regex(/\(\d+(\.\d)? g\)$/),
    servingGrams: z.number().positive(),
    caloriesPerServing: z.number().int().nonnegative(),
    usdaNdb: z.string().regex(/^\d{5}$/),
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
    ratingBasis: z.enum(['measured', 'derived', 'categorical', 'none']),
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
    authors: z.string().min(2),
    year: z.number().int().min(1900).max(2100).nullable(),
    url: z.string().url().optional(),
    doi: z.string().regex(/^10\.\d{4,}\//).optional(),
    covers: z.string().min(10),
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

describe('food catalogue data', () => {
  it('has a YYYY.MM.N version and at least 890 foods', () => {
    expect(catalogue.version).toMatch(/^\d{4}\.\d{2}\.\d+$/);
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

  it('has a valid bibliography where every entry has a url or doi', () => {
    const failures = bibliography.map((b) => bibSchema.safeParse(b)).filter((r) => !r.success);
    expect(failures).toEqual([]);
    const ids = (bibliography as { id: string }[]).map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('usda-sr28');
  });

  it('cites only bibliography entries, and every food cites USDA SR28', () => {
    const ids = new Set((bibliography as { id: string }[]).map((b) => b.id));
    expect(foods.flatMap((f) => f.citations.filter((c) => !ids.has(c)).map((c) => `${f.key} cites unknown ${c}`))).toEqual([]);
    for (const f of foods) {
      expect(f.citations).toContain('usda-sr28');
      for (const src of Object.values(f.componentSources)) for (const c of src.citations) expect(ids.has(c)).toBe(true);
    }
  });

  it('stores the rating rateServing gives for measured and derived foods', () => {
    const mismatches: string[] = [];
    for (const f of foods) {
      if (f.ratingBasis !== 'measured' && f.ratingBasis !== 'derived') continue;
      const r = rateServing(components(f), f.servingGrams, f.oligoGroup);
      // A decided rating must match; an undecided one may publish the minimum the known values prove (medium or high).
      const ok = f.fodmapRating === r.rating || (r.rating === 'unknown' && r.minimumRating !== 'low' && f.fodmapRating === r.minimumRating);
      if (!ok) mismatches.push(`${f.key}: stored ${f.fodmapRating}, computed ${r.rating}/${r.minimumRating}`);
      if (r.rating === 'unknown' && !/minimum|at least/.test(f.sourceNotes ?? '')) mismatches.push(`${f.key}: undecided, but its notes name no minimum`);
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

  it('only rates unknown without a basis, and never silently low', () => {
    expect(foods.filter((f) => (f.fodmapRating === 'unknown') !== (f.ratingBasis === 'none')).map((f) => f.key)).toEqual([]);
    for (const f of foods) {
      if (f.fodmapRating === 'unknown') expect(f.needsVerification).toBe(true);
    }
  });

  it('records disagreements and flags low confidence', () => {
    const unflagged = foods.filter((f) => (f.confidenceScore < 60 || f.sourceNotes?.includes('Sources disagree')) && f.needsVerification !== true);
    expect(unflagged.map((f) => f.key)).toEqual([]);
  });

  it('keeps trigger fields consistent', () => {
    expect(foods.filter((f) => f.canTriggerIbs !== (f.ibsTriggerType !== null)).map((f) => f.key)).toEqual([]);
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

  // Well-known ratings at the catalogue serving, each backed by the sources cited on the food.
  const expected: Record<string, 'low' | 'medium' | 'high'> = {
    garlic: 'high',
    onion: 'high',
    leek: 'high',
    apple: 'high',
    pear: 'high',
    watermelon: 'high',
    mango: 'high',
    mushrooms: 'high',
    cauliflower: 'high',
    'bread-white': 'high',
    'bread-rye': 'high',
    'kidney-beans': 'high',
    lentils: 'high',
    'chickpeas-canned': 'high',
    cashews: 'high',
    pistachios: 'high',
    honey: 'high',
    'milk-whole': 'high',
    'yogurt-plain': 'high',
    'cottage-cheese': 'high',
    'cheese-ricotta': 'high',
    'banana-ripe': 'high',
    carrot: 'low',
    potato: 'low',
    'rice-white': 'low',
    oats: 'low',
    quinoa: 'low',
    'tofu-firm': 'low',
    egg: 'low',
    'chicken-breast': 'low',
    salmon: 'low',
    strawberries: 'low',
    orange: 'low',
    kiwi: 'low',
    blueberries: 'low',
    'banana-firm': 'low',
    'lettuce-iceberg': 'low',
    tomato: 'low',
    cucumber: 'low',
    'bell-pepper-red': 'low',
    zucchini: 'low',
    'maple-syrup': 'low',
    'olive-oil': 'low',
    'cheese-cheddar': 'low',
    'cheese-parmesan': 'low',
    peanuts: 'low',
    walnuts: 'low',
    'rice-milk': 'low',
    sugar: 'low',
    // Added in 2026.11.2 (each backed by at least two sources cited on the food).
    beer: 'low',
    'wine-red': 'low',
    whiskey: 'low',
    cumin: 'low',
    'black-pepper': 'low',
    oregano: 'low',
    turmeric: 'low',
    mandarin: 'low',
    'lemon-juice': 'low',
    'dark-chocolate': 'low',
    'coconut-milk': 'low',
    'soy-sauce': 'low',
    'tofu-silken': 'high',
    // Added in 2026.11.3 (each backed by at least two sources cited on the food).
    spinach: 'low',
    kale: 'low',
    pineapple: 'low',
    'sweet-corn': 'low',
    barley: 'high',
    raisins: 'high',
    'cranberries-dried': 'high',
    'orange-juice-fresh': 'high',
  };
  for (const [key, rating] of Object.entries(expected)) {
    it(`rates ${key} ${rating} at ${byKey.get(key)?.servingSize ?? '?'}`, () => {
      const f = byKey.get(key);
      expect(f).toBeDefined();
      expect(f!.fodmapRating).toBe(rating);
      expect(f!.citations.length).toBeGreaterThan(1);
    });
  }

  it('covers the main food groups', () => {
    const counts = new Map<string, number>();
    for (const f of foods) counts.set(f.category, (counts.get(f.category) ?? 0) + 1);
    const groups = ['fruit', 'vegetables', 'grains_breads', 'legumes', 'nuts_seeds', 'dairy', 'meat', 'fish_seafood', 'eggs', 'fats_oils', 'sweeteners', 'drinks', 'herbs_spices', 'condiments', 'prepared_foods'];
    expect(groups.filter((c) => (counts.get(c) ?? 0) < 8)).toEqual([]);
  });
});
