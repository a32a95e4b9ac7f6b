/**
 * The audit of issue 10 as a script: N rated foods sampled with a fixed seed, each printed with its serving, rating,
 * explanation and the evidence behind it (statements at their tested servings, measured values, ingredient lists,
 * citations), for a human reviewer to check against the sources.
 *
 *   npx tsx apps/foods/scripts/audit-sample.ts --n 40 --seed 2026
 *
 * Same seed and same catalogue, same sample. Reads the generated catalogue.json and bibliography.json and the source
 * rows of apps/foods/data/sources.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { seededRandom } from '@fodmap/server';
import { readCsvDir } from './catalogue-build/csv';

interface AuditFood {
  key: string;
  name: string;
  category: string;
  servingSize: string;
  fodmapRating: string;
  ratingBasis: string;
  ratingExplanation: string;
  fodmapGroups: string[];
  portion: { lowUpToGrams: number | null; lowUpToText: string | null; highFromGrams: number | null; highFromText: string | null } | null;
  confidenceScore: number;
  citations: string[];
  sourceNotes: string | null;
}
interface Source {
  id: string;
  short?: string;
  title: string;
  year: number | null;
  url?: string;
  doi?: string;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${process.argv[at + 1]}`);
  return value;
}

/** `n` distinct items picked by a seeded partial Fisher-Yates shuffle of `items` (kept in their given order first). */
export function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  const random = seededRandom(seed);
  const pool = [...items];
  const count = Math.min(n, pool.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}

function main() {
  const n = option('n', 40);
  const seed = option('seed', 2026);
  const dataDir = resolve(__dirname, '../data');
  const catalogue = JSON.parse(readFileSync(resolve(dataDir, 'catalogue.json'), 'utf8')) as { version: string; foods: AuditFood[] };
  const sources = new Map((JSON.parse(readFileSync(resolve(dataDir, 'bibliography.json'), 'utf8')) as Source[]).map((s) => [s.id, s]));
  const rowsByKey = (dir: string) => {
    const m = new Map<string, Record<string, string>[]>();
    for (const r of readCsvDir(dir)) m.set(r.key, [...(m.get(r.key) ?? []), r]);
    return m;
  };
  const statements = rowsByKey('statements');
  const measured = rowsByKey('measured');
  const ingredients = rowsByKey('ingredients');

  const rated = catalogue.foods.filter((f) => f.fodmapRating !== 'unknown').sort((a, b) => a.key.localeCompare(b.key));
  const picked = sample(rated, n, seed);
  console.log(`Catalogue ${catalogue.version}: ${picked.length} of ${rated.length} rated foods, seed ${seed}.\n`);
  picked.forEach((f, i) => {
    console.log(`${i + 1}. ${f.name} [${f.key}, ${f.category}]`);
    console.log(`   serving ${f.servingSize}: ${f.fodmapRating.toUpperCase()}${f.fodmapGroups.length ? ` (${f.fodmapGroups.join(', ')})` : ''}, basis ${f.ratingBasis}, confidence ${f.confidenceScore} %`);
    console.log(`   ${f.ratingExplanation}`);
    if (f.portion) {
      const low = f.portion.lowUpToGrams === null ? '' : `low up to ${f.portion.lowUpToGrams} g (${f.portion.lowUpToText})`;
      const high = f.portion.highFromGrams === null ? '' : `high from ${f.portion.highFromGrams} g (${f.portion.highFromText})`;
      console.log(`   portion: ${[low, high].filter(Boolean).join('; ')}`);
    }
    for (const s of statements.get(f.key) ?? []) {
      const at = s.servingGrams ? `at ${s.servingGrams} g (${s.servingText || 'no words'})` : 'NO SERVING (ignored)';
      console.log(`   statement: ${s.rating} ${at}, ${s.year || 'no year'}, ${s.source}, '${s.names}': ${s.statement}`);
    }
    for (const m of measured.get(f.key) ?? []) console.log(`   measured: ${m.component} ${m.gPer100g} g/100 g (${m.sources}): ${m.note}`);
    for (const r of ingredients.get(f.key) ?? []) console.log(`   ingredients (${r.source}): ${r.ingredients.split('|').join(', ')}`);
    if (f.sourceNotes) console.log(`   notes: ${f.sourceNotes}`);
    for (const id of f.citations) {
      const s = sources.get(id);
      console.log(`   cites ${id}: ${s ? `${s.short ?? s.title}${s.year ? `, ${s.year}` : ''} (${s.url ?? `https://doi.org/${s.doi}`})` : 'NOT IN THE BIBLIOGRAPHY'}`);
    }
    console.log('');
  });
}

if (require.main === module) main();
