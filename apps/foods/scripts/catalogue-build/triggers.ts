import type { FodmapRating, FodmapTriggerGroup } from '@fodmap/contracts';
import type { Category, Severity, TriggerRule, TriggerRules } from './sources';
import type { UsdaFood } from './usda';

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

const sevOrder: Record<Severity, number> = { mild: 0, moderate: 1, severe: 2 };
const maxSev = (a: Severity | null, b: Severity): Severity => (a === null || sevOrder[b] > sevOrder[a] ? b : a);

/** A rated food as the trigger rules see it. */
export interface TriggerSubject {
  key: string;
  category: Category;
  rating: FodmapRating;
  /** its FODMAP groups, worst first (empty unless medium or high) */
  fodmapGroups: readonly FodmapTriggerGroup[];
  u: UsdaFood;
  grams: number;
}

/** The IBS and IBD trigger fields of a food, in the catalogue's field order, and the citations of the rules that matched. */
export function triggersOf({ key, category, rating, fodmapGroups, u, grams }: TriggerSubject, triggers: TriggerRules) {
  const fatPerServing = u.fat === null ? 0 : (u.fat * grams) / 100;
  const fiberPerServing = u.fiber === null ? 0 : (u.fiber * grams) / 100;
  const matchRule = (t: TriggerRule) => {
    const m = t.match;
    if (m.keys?.includes(key)) return true;
    if (m.keysFrom && triggers[m.keysFrom]?.includes(key)) return true;
    if (m.keyPrefixes?.some((p) => key.startsWith(p))) return true;
    if (m.categories?.includes(category)) return true;
    if (m.fodmapRating?.includes(rating)) return true;
    if (m.fatPerServingAtLeast !== undefined && fatPerServing >= m.fatPerServingAtLeast) return true;
    if (m.fiberPerServingAtLeast !== undefined && fiberPerServing >= m.fiberPerServingAtLeast) return true;
    return false;
  };
  const citations: string[] = [];
  let ibsSeverity: Severity | null = null;
  let ibsType: string | null = null;
  let crohnsSeverity: Severity | null = null;
  let colitisSeverity: Severity | null = null;
  const crohnsSymptoms = new Set<string>();
  const colitisSymptoms = new Set<string>();
  let flareAvoid = false;
  for (const t of triggers.rules) {
    if (!matchRule(t)) continue;
    citations.push(...t.citations);
    if (t.ibs) {
      // A FODMAP rule's type is the food's worst FODMAP group (every medium/high food names at least one).
      const type = t.ibs.type ?? (fodmapGroups[0] ? TRIGGER_TYPE[fodmapGroups[0]] : null);
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

  return {
    citations,
    fields: {
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
    },
  };
}
