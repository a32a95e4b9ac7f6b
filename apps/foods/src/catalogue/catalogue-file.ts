import { CatalogueReleaseNotes, FODMAP_TRIGGER_GROUPS, FOOD_TYPES, FoodCitation } from '@fodmap/contracts';
import { loadFoodsConfig } from '@fodmap/server';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const grams = z.number().nonnegative().nullable();
const words = z.array(z.string()).default([]);
const rating = z.enum(['low', 'medium', 'high', 'unknown']);

/** Largest serving shown low, smallest shown high (issue 10); each half null where no source tested it. */
const portionSchema = z.object({
  lowUpToGrams: z.number().positive().nullable(),
  lowUpToText: z.string().nullable(),
  highFromGrams: z.number().positive().nullable(),
  highFromText: z.string().nullable(),
});

/** One food of apps/foods/data/catalogue.json, as the data build writes it. */
const catalogueFoodSchema = z.object({
  key: z.string().min(1),
  name: z.string().trim().min(1),
  description: z.string().nullish(),
  foodType: z.enum(FOOD_TYPES),
  category: z.string().nullish(),
  synonyms: words,
  servingSize: z.string().nullish(),
  servingGrams: z.number().positive().nullish(),
  caloriesPerServing: z.number().nonnegative().nullish(),
  usdaNdb: z.union([z.string(), z.number()]).nullish(),
  fructans: grams,
  galactans: grams,
  excessFructose: grams,
  sorbitol: grams,
  mannitol: grams,
  xylitol: grams,
  lactose: grams,
  fodmapRating: rating,
  ratingBasis: z.string().nullish(),
  // The second edition's fields (issue 10); defaults let a first-edition file still load.
  ratingExplanation: z.string().nullable().default(null),
  fodmapGroups: z.array(z.enum(FODMAP_TRIGGER_GROUPS)).default([]),
  portion: portionSchema.nullable().default(null),
  checkLabel: z.boolean().default(false),
  /** the plain, common form of an everyday food (everyday-foods.csv): searched and listed first */
  everyday: z.boolean().default(false),
  canTriggerIbs: z.boolean().default(false),
  ibsTriggerType: z.string().nullish(),
  ibsTriggerSeverity: z.string().nullish(),
  ibdTrigger: z.boolean().default(false),
  ibdSeverity: z.string().nullish(),
  ibdFlareAvoid: z.boolean().default(false),
  crohnsTrigger: z.boolean().default(false),
  crohnsSeverity: z.string().nullish(),
  colitisTrigger: z.boolean().default(false),
  colitisSeverity: z.string().nullish(),
  crohnsSymptoms: words,
  colitisSymptoms: words,
  ibdSymptoms: words,
  confidenceScore: z.number().min(0).max(100).nullish(),
  needsVerification: z.boolean().default(false),
  citations: z.array(z.string()).default([]),
  sourceNotes: z.string().nullish(),
});
export type CatalogueFood = z.infer<typeof catalogueFoodSchema>;

const catalogueSchema = z.object({
  version: z.union([z.string().min(1), z.number()]).transform(String),
  foods: z.array(catalogueFoodSchema),
});

const releaseNotesSchema: z.ZodType<CatalogueReleaseNotes, z.ZodTypeDef, unknown> = z.object({
  version: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  summary: z.array(z.string()),
  changes: z.array(z.object({ name: z.string().min(1), from: rating.nullable(), to: rating.nullable(), why: z.string() })),
});

/** A database's row of one food: `{usdaNdb}` and `{description}` stand for the food's own (see the build's bibliography). */
const recordSchema = z.object({ title: z.string().min(1), url: z.string().url() });
type SourceRecord = z.infer<typeof recordSchema>;

const bibliographySchema = z.array(
  z.object({
    id: z.string().min(1),
    title: z.string().min(1),
    url: z.string().nullish(),
    doi: z.string().nullish(),
    record: recordSchema.nullish(),
  }),
);

export interface Catalogue {
  version: string;
  /** sha256 over the three files */
  contentHash: string;
  foods: CatalogueFood[];
  /** bibliography id → what the API shows of it */
  citations: Map<string, FoodCitation>;
  /** a food's sources as the API shows them: a database it comes from by the food's own row there, named and linked */
  citationsOf: (food: CatalogueFood) => FoodCitation[];
  /** the release's 'What's new in the food data' note (whats-new.json); null when the data has none */
  whatsNew: CatalogueReleaseNotes | null;
}

/** apps/foods/data, from src/catalogue or dist/catalogue alike; FOODS_DATA_DIR points elsewhere (tests, containers). */
export function catalogueDirectory(configured: string | null = loadFoodsConfig().dataDirectory): string {
  return configured ?? resolve(__dirname, '../../data');
}

/** Reads and checks the catalogue; null when the data build has not produced it yet. A malformed file is an error. */
export function readCatalogue(directory: string): Catalogue | null {
  const cataloguePath = join(directory, 'catalogue.json');
  if (!existsSync(cataloguePath)) return null;
  const catalogueText = readFileSync(cataloguePath, 'utf8');
  const bibliographyPath = join(directory, 'bibliography.json');
  const bibliographyText = existsSync(bibliographyPath) ? readFileSync(bibliographyPath, 'utf8') : '[]';
  const whatsNewPath = join(directory, 'whats-new.json');
  const whatsNewText = existsSync(whatsNewPath) ? readFileSync(whatsNewPath, 'utf8') : 'null';

  const catalogue = parse(catalogueSchema, catalogueText, cataloguePath);
  const bibliography = parse(bibliographySchema, bibliographyText, bibliographyPath);
  const whatsNew = parse(releaseNotesSchema.nullable(), whatsNewText, whatsNewPath);
  const citations = new Map<string, FoodCitation>(bibliography.map((entry) => [entry.id, { id: entry.id, title: entry.title, url: citationUrl(entry) }]));

  const keys = new Set<string>();
  for (const food of catalogue.foods) {
    if (keys.has(food.key)) throw new Error(`${cataloguePath}: the key ${food.key} appears twice`);
    keys.add(food.key);
    const unknown = food.citations.find((id) => !citations.has(id));
    if (unknown) throw new Error(`${cataloguePath}: ${food.key} cites ${unknown}, which ${bibliographyPath} does not list`);
  }

  const contentHash = createHash('sha256').update(catalogueText).update('\0').update(bibliographyText).update('\0').update(whatsNewText).digest('hex');
  const records = new Map(bibliography.flatMap((entry) => (entry.record ? [[entry.id, entry.record] as const] : [])));
  const citationsOf = (food: CatalogueFood) =>
    food.citations.flatMap((id) => {
      const citation = citations.get(id);
      const record = records.get(id);
      const row = record ? recordOf(record, food) : null;
      return citation ? [row ? { ...citation, ...row } : citation] : [];
    });
  return { version: catalogue.version, contentHash, foods: catalogue.foods, citations, citationsOf, whatsNew };
}

/** The food's row of a database, its placeholders filled (the URL's encoded); null when the food lacks one's value. */
function recordOf(record: SourceRecord, food: CatalogueFood): { title: string; url: string } | null {
  const values: Record<string, string | null> = { usdaNdb: food.usdaNdb === null || food.usdaNdb === undefined ? null : String(food.usdaNdb), description: food.description ?? food.name };
  const placeholders = /\{(\w+)\}/g;
  const used = [...`${record.title}${record.url}`.matchAll(placeholders)].map((match) => match[1]);
  if (used.some((name) => !values[name])) return null;
  return {
    title: record.title.replace(placeholders, (_, name: string) => values[name] ?? ''),
    url: record.url.replace(placeholders, (_, name: string) => encodeURIComponent(values[name] ?? '')),
  };
}

/** The source's own URL, else its DOI as a resolver link, whichever way the DOI was written. */
function citationUrl(entry: { url?: string | null; doi?: string | null }): string | null {
  if (entry.url) return entry.url;
  const doi = entry.doi?.trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '');
  return doi ? `https://doi.org/${doi}` : null;
}

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, text: string, path: string): T {
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${path} is not a valid food catalogue file: ${issue.path.join('.')}: ${issue.message}`);
  }
  return result.data;
}
