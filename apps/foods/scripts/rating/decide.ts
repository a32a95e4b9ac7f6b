/**
 * How the second-edition build rates a food at our serving (apps/foods/data/README.md, "Rating method"): which evidence
 * decides, the groups behind it, the sentence that explains it, the portion guide and the confidence score.
 * Pure: the build calls it per food, the data tests call it on the same rows and on small fixtures.
 */
import {
  FODMAP_COMPONENT_KEYS,
  FODMAP_TRIGGER_GROUP_LABELS,
  rateServing,
  type FodmapComponents,
  type FodmapRating,
  type FodmapTriggerGroup,
  type OligoGroup,
  type PortionGuide,
  type ServingRating,
} from '@fodmap/contracts';
import { LABEL_CHECK, type IngredientVerdict } from '../../src/research/ingredient-rating';
import { groupsOverCutoff, lowByLactoseUpperBound, portionFromComponents, round } from './components';
import { portionText, type HouseholdMeasure } from './household';
import { groupsOf, rateAtServing, resolveStatements, testedPortion, verdictOf, type Rated, type Statement, type StatementVerdict } from './statements';

export type Provenance = 'measured' | 'composition' | 'derived';

/**
 * measured: FODMAP analyses decide; statements: published statements at a tested serving; composition: composition
 * rules (no carbohydrate, plain animal foods, an upper bound of lactose); derived: USDA sugar analyses (lactose, a clear
 * excess fructose); ingredients: an ingredient list; none: unknown or check the label.
 */
export type RatingBasis = 'measured' | 'statements' | 'composition' | 'derived' | 'ingredients' | 'none';

export interface FoodEvidence {
  servingGrams: number;
  /** '<words> (<grams> g)' */
  servingSize: string;
  oligoGroup: OligoGroup;
  /** measured, composition and clear derived values; null = unknown */
  components: FodmapComponents;
  provenance: Partial<Record<keyof FodmapComponents, Provenance>>;
  componentCitations: Partial<Record<keyof FodmapComponents, string[]>>;
  /** newest year of the measured values' sources, for 'a newer retest wins' */
  measuredYear: number | null;
  /** every measured value comes from a lower-authority table (an undated compilation naming no analysis) */
  measuredLowerAuthority?: boolean;
  /** plain dairy whose lactose was not analysed: total carbohydrate, g/100 g */
  lactoseUpperBound: number | null;
  /** the sources when the bound is a measurement reported as below a limit ('<0.1 g/100 g'); null when it is USDA carbohydrate */
  lactoseUpperBoundMeasured?: string[] | null;
  /** the composition rule applied, with its words for the explanation ('no carbohydrate, so no FODMAPs') */
  composition: { rule: string; explanation: string; citations: string[] } | null;
  /** the food's statements with a serving, kind-checked */
  statements: readonly Statement[];
  ingredients: { verdict: IngredientVerdict; source: string } | null;
  /** the food's USDA household measures, for portion texts */
  measures: readonly HouseholdMeasure[];
}

export interface RatingDecision {
  rating: FodmapRating;
  basis: RatingBasis;
  fodmapGroups: FodmapTriggerGroup[];
  ratingExplanation: string;
  checkLabel: boolean;
  portion: PortionGuide | null;
  confidenceScore: number;
  needsVerification: boolean;
  /** sources the decision and its notes rest on (statements, ingredients); component citations are the caller's */
  citations: string[];
  notes: string[];
  /** not an error, but a reviewer should act: e.g. 'use the tested serving as ours' */
  warnings: string[];
  /** the build fails on these: e.g. a medium or high rating without its groups */
  errors: string[];
}

/** How a sentence cites a source: its `short` without a year, then the year of the statement or the source. */
export type CiteFn = (source: string, year?: number | null) => string;

const RATING_RANK: Record<Rated, number> = { low: 0, medium: 1, high: 2 };
export const UNKNOWN_EXPLANATION = 'Not yet rated: no source we could read tested it at a usual serving.';

const groupWords = (groups: readonly FodmapTriggerGroup[]) => {
  const labels = groups.map((g) => FODMAP_TRIGGER_GROUP_LABELS[g]);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
};
/** 'Low FODMAP', 'Medium FODMAP (fructans)', 'High in fructans' */
const head = (rating: Rated, groups: readonly FodmapTriggerGroup[]) =>
  rating === 'low' ? 'Low FODMAP' : rating === 'medium' ? `Medium FODMAP (${groupWords(groups)})` : `High in ${groupWords(groups)}`;
/** Grams as a sentence shows them: two decimals below 1 g, so that '0.23 g over the 0.2 g cut-off' reads true. */
const g = (grams: number) => `${round(grams, grams < 1 ? 2 : 1)} g`;

/** A component-based decision: what rateServing (or a lactose upper bound) proves, and from which provenance. */
interface ComponentDecision {
  rating: Rated;
  basis: 'measured' | 'composition' | 'derived';
  /** proven only as a minimum: other groups are unknown */
  minimum: boolean;
  upperBound: boolean;
  groups: FodmapTriggerGroup[];
  detail: string;
  citations: string[];
}

function componentDecision(e: FoodEvidence, r: ServingRating): ComponentDecision | null {
  const provs = (cs: readonly (keyof FodmapComponents)[]) => cs.filter((c) => e.components[c] !== null).map((c) => e.provenance[c]!);
  // Measured sources first, then USDA analyses, then composition rules: the sentence names the first two.
  const order: Record<Provenance, number> = { measured: 0, derived: 1, composition: 2 };
  const cites = (cs: readonly (keyof FodmapComponents)[]) => {
    const known = cs.filter((c) => e.components[c] !== null).sort((a, b) => order[e.provenance[a]!] - order[e.provenance[b]!]);
    return [...new Set(known.flatMap((c) => e.componentCitations[c] ?? []))];
  };
  const basisOf = (ps: Provenance[]): ComponentDecision['basis'] => (ps.includes('measured') ? 'measured' : ps.includes('derived') ? 'derived' : 'composition');
  if (r.rating === 'low') {
    return { rating: 'low', basis: basisOf(provs(FODMAP_COMPONENT_KEYS)), minimum: false, upperBound: false, groups: [], detail: 'every FODMAP group is under its cut-off', citations: cites(FODMAP_COMPONENT_KEYS) };
  }
  if (r.rating === 'unknown' && e.lactoseUpperBound !== null && lowByLactoseUpperBound(e.components, e.lactoseUpperBound, e.servingGrams, e.oligoGroup)) {
    const measured = e.lactoseUpperBoundMeasured ?? null;
    return {
      rating: 'low',
      basis: measured ? 'measured' : 'composition',
      minimum: false,
      upperBound: true,
      groups: [],
      detail: measured
        ? `lactose was measured below ${e.lactoseUpperBound} g per 100 g`
        : `at most ${g((e.lactoseUpperBound * e.servingGrams) / 100)} lactose, taking all its carbohydrate as lactose`,
      citations: [...new Set([...(measured ?? []), ...cites(FODMAP_COMPONENT_KEYS.filter((c) => c !== 'lactose'))])],
    };
  }
  const minimum = r.rating === 'unknown';
  const rating: Rated | null = minimum ? (r.minimumRating === 'low' ? null : r.minimumRating) : r.rating === 'unknown' ? null : r.rating;
  if (rating === null) return null;
  const groups = groupsOverCutoff(r, e.components);
  const worst = r.groups.filter((x) => x.grams !== null).sort((a, b) => b.grams! / b.cutoff - a.grams! / a.cutoff)[0];
  return {
    rating,
    basis: basisOf(provs(groups)),
    minimum,
    upperBound: false,
    groups,
    detail: `${g(worst.grams!)} of ${worst.group === 'oligosaccharides' ? groupWords(groups) : groupWords(groups.slice(0, 1))} per serving, over the ${worst.cutoff} g cut-off`,
    citations: cites(groups),
  };
}

/** Measured values are read from tables that give them to 0.1 g per 100 g: each may be up to 0.05 g lower. */
export const TABLE_ROUNDING = 0.05;

/**
 * Whether a minimum the measured values prove ('at least medium') survives their table rounding: with every measured
 * value 0.05 g/100 g lower it still holds. Cantaloupe's 0.2 g/100 g of fructans is 0.24 g in 120 g against a 0.2 g
 * cut-off, but as little as 0.18 g: that does not outrank a statement that tested the serving low.
 */
function clearMinimum(e: FoodEvidence, rating: Rated): boolean {
  const lowered = { ...e.components };
  for (const c of FODMAP_COMPONENT_KEYS) {
    const value = e.components[c];
    if (value !== null && e.provenance[c] === 'measured') lowered[c] = Math.max(0, value - TABLE_ROUNDING);
  }
  return RATING_RANK[rateServing(lowered, e.servingGrams, e.oligoGroup).minimumRating] >= RATING_RANK[rating];
}

/** Rates one food from its evidence (see the README for the order and why). */
export function decideRating(e: FoodEvidence, cite: CiteFn): RatingDecision {
  const notes: string[] = [];
  const warnings: string[] = [];
  const errors: string[] = [];
  const r = rateServing(e.components, e.servingGrams, e.oligoGroup);
  const comp = componentDecision(e, r);
  const { accepted, superseded } = resolveStatements(e.statements);
  const verdict = rateAtServing(accepted, e.servingGrams);
  const citeStatement = (s: Statement) => cite(s.source, s.year);
  for (const { statement: s, by } of superseded) {
    notes.push(`Superseded: ${citeStatement(s)} said ${s.rating} at ${g(s.servingGrams)}; ${citeStatement(by)} found ${by.rating} at ${g(by.servingGrams)}.`);
  }

  let chosen: { kind: 'component'; d: ComponentDecision } | { kind: 'statements'; v: StatementVerdict } | null = null;
  // A measured minimum ('at least medium') stands against a statement only where the statement says less.
  const measuredStands =
    comp?.basis === 'measured' && (!comp.minimum || (verdict !== null && RATING_RANK[verdict.rating] < RATING_RANK[comp.rating] && clearMinimum(e, comp.rating)));
  if (comp && measuredStands) {
    // Measured values lose only to a newer statement that decides otherwise (a retest).
    const newer = verdict && verdict.rating !== comp.rating && e.measuredYear !== null && (verdict.deciding[0].year ?? 0) > e.measuredYear;
    if (newer) {
      notes.push(`Measured values (${e.measuredYear}) give ${comp.rating}; the newer ${citeStatement(verdict.deciding[0])} says ${verdict.rating} at this serving and wins.`);
      chosen = { kind: 'statements', v: verdict };
    } else {
      if (verdict && verdict.rating !== comp.rating) notes.push(`Sources disagree: measured values give ${comp.rating}; ${citeStatement(verdict.deciding[0])} says ${verdict.rating} at this serving.`);
      chosen = { kind: 'component', d: comp };
    }
  } else if (verdict) {
    // A published statement about the food outranks composition rules and USDA sugar arithmetic (fault 3).
    if (comp && comp.rating !== verdict.rating) {
      const outranked = comp.basis === 'composition' ? 'the composition rule, which gives' : comp.basis === 'measured' ? 'measured values, which give' : 'USDA sugar figures, which give';
      notes.push(`Published statements outrank ${outranked} ${comp.minimum ? 'at least ' : ''}${comp.rating} (${comp.detail}).`);
    }
    chosen = { kind: 'statements', v: verdict };
  } else if (comp) chosen = { kind: 'component', d: comp };
  // A minimum the known components prove ('at least medium') yields to an ingredient list that proves high.
  if (chosen?.kind === 'component' && chosen.d.minimum && e.ingredients?.verdict.rating === 'high') chosen = null;
  if (chosen === null && accepted.length > 0) {
    // Only worth a reviewer's time when the statements could have rated the food at another serving.
    warnings.push(`statements test it only at ${[...new Set(accepted.map((s) => `${s.rating} at ${g(s.servingGrams)}`))].join(', ')}, which says nothing at our ${e.servingSize}: use the tested serving as ours`);
  }

  let rating: FodmapRating = 'unknown';
  let basis: RatingBasis = 'none';
  let groups: FodmapTriggerGroup[] = [];
  let explanation = UNKNOWN_EXPLANATION;
  let checkLabel = false;
  const citations = new Set<string>([...e.statements.map((s) => s.source)]);
  let base = 15;
  const tested = testedPortion(accepted);
  const lowUpToSuffix = tested.lowUpTo ? ` Low up to ${g(tested.lowUpTo.servingGrams)}.` : '';

  if (chosen?.kind === 'statements') {
    const v = chosen.v;
    rating = v.rating;
    basis = 'statements';
    // The deciding statements' groups, else those any statement of the food names, else the components over a cut-off.
    const named = [groupsOf(v.deciding), groupsOf(accepted), groupsOverCutoff(r, e.components)].find((x) => x.length > 0) ?? [];
    groups = v.rating === 'low' ? [] : named;
    const first = v.deciding[0];
    const h = head(v.rating, groups);
    if (v.reason === 'aboveLow') {
      const low = tested.lowUpTo!;
      // Over twice the amount shown low, the serving can hold more than twice a cut-off: medium is the least it is.
      explanation =
        e.servingGrams > 2 * low.servingGrams * 1.05
          ? `${h} at ${e.servingSize}: more than twice the tested low serving of ${g(low.servingGrams)} (${citeStatement(low)}); it may be high.`
          : `${h} at ${e.servingSize}: larger than the tested low serving of ${g(low.servingGrams)} (${citeStatement(low)}).`;
    }
    else if (v.reason === 'halfHigh') explanation = `${h} at ${e.servingSize}: at least half the ${g(first.servingGrams)} shown high (${citeStatement(first)}).`;
    else explanation = `${h} at ${e.servingSize}: ${citeStatement(first)}.${lowUpToSuffix}`;
    const weight = sumWeights(v.deciding);
    base = Math.min(85, 60 + 8 * (weight - 1)) - (v.reason === 'aboveLow' || v.reason === 'halfHigh' ? 5 : 0);
  } else if (chosen?.kind === 'component') {
    const d = chosen.d;
    rating = d.rating;
    basis = d.basis;
    groups = d.groups;
    const sources = [...new Set(d.citations.map((c) => cite(c)))].slice(0, 2).join('; ');
    if (d.minimum) {
      // rateServing calls a food high as soon as the known part proves it, so a minimum is always 'at least medium'.
      explanation = `At least medium in ${groupWords(groups)} at ${e.servingSize}: ${d.detail} (${sources}); its other FODMAPs are not measured.`;
      notes.push(`Only part of the FODMAP profile is known; the known amounts already exceed a cut-off, so this is a minimum rating.`);
      base = 50;
    } else if (d.rating === 'low' && d.basis === 'composition' && e.composition && !d.upperBound) {
      explanation = `Low FODMAP: ${e.composition.explanation} (${sources}).`;
      base = 70;
    } else {
      explanation = `${head(d.rating, groups)} at ${e.servingSize}: ${d.detail} (${sources}).`;
      base = d.basis === 'measured' ? (e.measuredLowerAuthority ? 60 : 75) : d.upperBound ? 65 : d.basis === 'composition' ? 70 : 60;
    }
    if (d.upperBound && !e.lactoseUpperBoundMeasured) notes.push(`Lactose not analysed in USDA: total carbohydrate ${e.lactoseUpperBound} g/100 g is an upper bound; it proves low here and is not stored as the lactose value.`);
    if (d.upperBound && e.lactoseUpperBoundMeasured) notes.push(`Lactose measured below ${e.lactoseUpperBound} g/100 g: an upper bound; it proves low here and is not stored as the lactose value.`);
  } else if (e.ingredients) {
    const { verdict: iv, source } = e.ingredients;
    citations.add(source);
    if (iv.rating === 'high') {
      rating = 'high';
      basis = 'ingredients';
      groups = iv.groups;
      explanation = `${head('high', groups)} at ${e.servingSize}: its ingredients include ${iv.highIngredients.join(', ')} (${cite(source)}).`;
      base = 60;
    } else if (iv.rating === 'low') {
      rating = 'low';
      basis = 'ingredients';
      explanation = `Low FODMAP at ${e.servingSize}: every ingredient is low FODMAP (${cite(source)}).`;
      base = 50;
    } else {
      checkLabel = true;
      explanation = `Depends on the recipe: check the label for ${LABEL_CHECK}.`;
      if (iv.unplacedIngredients.length) notes.push(`Ingredients not known to be low: ${iv.unplacedIngredients.join(', ')}.`);
    }
  }
  if (rating === 'unknown' && !checkLabel) notes.push('No FODMAP measurement, tested serving or ingredient list decides this food at this serving; rated unknown.');
  if ((rating === 'medium' || rating === 'high') && groups.length === 0) errors.push(`rated ${rating} (${basis}) but no FODMAP group is named: add the groups to its statements`);

  // Agreement: statements whose own verdict at our serving matches; disagreement: those that say otherwise.
  const own = accepted.map((s) => ({ s, v: verdictOf(s, e.servingGrams) })).filter((x) => x.v !== null);
  const agreeing = rating === 'unknown' ? [] : own.filter((x) => x.v === rating).map((x) => x.s);
  const disagreeing = rating === 'unknown' ? [] : own.filter((x) => x.v !== rating).map((x) => x.s);
  if (basis !== 'statements' && basis !== 'none') base += Math.min(15, 5 * sumWeights(agreeing));
  base -= Math.min(30, 10 * sumWeights(disagreeing));
  if (disagreeing.length && !notes.some((n) => n.startsWith('Sources disagree'))) {
    notes.push(`Sources disagree: ${disagreeing.map((s) => `${citeStatement(s)} says ${s.rating} at ${g(s.servingGrams)} (${s.statement})`).join('; ')}.`);
  }
  const confidenceScore = Math.max(5, Math.min(95, Math.round(base)));

  return {
    rating,
    basis,
    fodmapGroups: rating === 'medium' || rating === 'high' ? groups : [],
    ratingExplanation: explanation,
    checkLabel,
    portion: portionGuide(e, tested),
    confidenceScore,
    needsVerification: confidenceScore < 60 || notes.some((n) => n.startsWith('Sources disagree')) || rating === 'unknown',
    citations: [...citations].sort(),
    notes,
    warnings,
    errors,
  };
}

const sumWeights = (statements: readonly Statement[]) => {
  const bySource = new Map<string, number>();
  for (const s of statements) bySource.set(s.source, s.weight);
  return [...bySource.values()].reduce((a, b) => a + b, 0);
};

/** Tested servings first (a source tried them); otherwise what fully known components give. */
function portionGuide(e: FoodEvidence, tested: ReturnType<typeof testedPortion>): PortionGuide | null {
  if (tested.lowUpTo || tested.highFrom) {
    const lowUpToText = tested.lowUpTo ? portionText(tested.lowUpTo.servingGrams, tested.lowUpTo.servingText, e.measures) : null;
    const highFromText = tested.highFrom ? portionText(tested.highFrom.servingGrams, tested.highFrom.servingText, e.measures) : null;
    return {
      lowUpToGrams: tested.lowUpTo?.servingGrams ?? null,
      lowUpToText,
      highFromGrams: tested.highFrom?.servingGrams ?? null,
      // Two different amounts in the same words ('about ¼ cup' for 28 g and 58 g) would read as one: the grams say it.
      highFromText: highFromText === lowUpToText ? null : highFromText,
    };
  }
  const computed = portionFromComponents(e.components, e.oligoGroup);
  if (!computed) return null;
  const lowUpToText = computed.lowUpToGrams === null ? null : portionText(computed.lowUpToGrams, '', e.measures);
  const highFromText = computed.highFromGrams === null ? null : portionText(computed.highFromGrams, '', e.measures);
  return { lowUpToGrams: computed.lowUpToGrams, lowUpToText, highFromGrams: computed.highFromGrams, highFromText: highFromText === lowUpToText ? null : highFromText };
}
