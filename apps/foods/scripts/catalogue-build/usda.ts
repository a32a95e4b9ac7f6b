import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { num, readCsv } from './csv';
import { repoRoot, usdaCatalogueExtractDir } from './paths';

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

export interface UsdaWeight {
  seq: string;
  amount: number;
  measure: string;
  grams: number;
}

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
export function writeUsdaExtract(ndbs: ReadonlySet<string>): void {
  const full = fullUsdaDirectory();
  if (full === null) return;
  mkdirSync(usdaCatalogueExtractDir, { recursive: true });
  for (const file of ['foods.csv', 'weights.csv']) {
    const [header, ...lines] = readFileSync(resolve(full, file), 'utf8').split(/\r?\n/).filter((line) => line !== '');
    const kept = lines.filter((line) => ndbs.has(line.slice(0, line.indexOf(','))));
    writeFileSync(resolve(usdaCatalogueExtractDir, file), `${[header, ...kept].join('\n')}\n`);
  }
}

export function loadUsda(): { foods: Map<string, UsdaFood>; weights: Map<string, UsdaWeight[]> } {
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
  const weights = new Map<string, UsdaWeight[]>();
  for (const r of readCsv(resolve(usdaDirectory(), 'weights.csv'))) {
    const list = weights.get(r.ndb_no) ?? [];
    list.push({ seq: r.seq, amount: Number(r.amount), measure: r.measure, grams: Number(r.grams) });
    weights.set(r.ndb_no, list);
  }
  return { foods, weights };
}

/** A food outside USDA: nutrition.csv's figures in USDA's shape (its sugars are not split, so nothing is derived). */
export function fromNutritionRow(r: Record<string, string>): UsdaFood {
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
