import { FODMAP_COMPONENT_KEYS, UNMEASURED_COMPONENTS, type FodmapComponents } from '@fodmap/contracts';
import { excessFructoseEstimate, round } from '../rating/components';
import type { FoodEvidence, Provenance } from '../rating/decide';
import type { Category, Sources } from './sources';
import type { UsdaFood } from './usda';

export type ComponentEvidence = Pick<
  FoodEvidence,
  'components' | 'provenance' | 'componentCitations' | 'measuredYear' | 'measuredLowerAuthority' | 'lactoseUpperBound' | 'lactoseUpperBoundMeasured' | 'composition'
> & {
  /** what the reader is told about the figures, in the order found */
  notes: string[];
};

/** A food's FODMAP components per 100 g: measured, then composition, then derived from USDA sugars (first value set wins). */
export function componentsOf(
  food: { key: string; category: Category; u: UsdaFood; grams: number; nutritionCitation: string },
  { rules, measuredByKey, bibIds, bibYear, sourceWeight }: Sources,
  fail: (message: string) => void,
): ComponentEvidence {
  const { key, category, u, grams, nutritionCitation } = food;
  const comp: FodmapComponents = { ...UNMEASURED_COMPONENTS };
  const prov: Partial<Record<keyof FodmapComponents, Provenance>> = {};
  const compSources: Partial<Record<keyof FodmapComponents, string[]>> = {};
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
  return {
    components: comp,
    provenance: prov,
    componentCitations: compSources,
    measuredYear,
    measuredLowerAuthority: measuredSources.size > 0 && [...measuredSources].every((s) => sourceWeight(s) < 1),
    lactoseUpperBound,
    lactoseUpperBoundMeasured,
    composition,
    notes,
  };
}
