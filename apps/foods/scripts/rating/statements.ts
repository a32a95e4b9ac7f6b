/**
 * Published statements ("low at ½ cup (75 g)", "high at 1 clove (3 g)") and what they prove at OUR serving.
 *
 * A statement holds only at the serving it was tested at and only for the kind of food it names (issue 10, faults
 * 1, 2 and 5). Pure functions: the build and the data tests call them on the same rows.
 */
import { FODMAP_TRIGGER_GROUPS, type FodmapRating, type FodmapTriggerGroup } from '@fodmap/contracts';

export type Rated = Exclude<FodmapRating, 'unknown'>;

export interface Statement {
  key: string;
  rating: Rated;
  /** the serving the source tested, in grams */
  servingGrams: number;
  /** the source's words for that serving, e.g. '½ cup' */
  servingText: string;
  groups: FodmapTriggerGroup[];
  /** year of the test or publication (a retest carries the retest's year); null when the source gives no date */
  year: number | null;
  source: string;
  /** the food as the source names it */
  names: string;
  statement: string;
  /** 1, or 0.5 for a lower-authority source */
  weight: number;
}

/** Servings are read off labels and converted from cups and pieces: 5 % either way is rounding, not a different serving. */
export const ROUNDING = 0.05;

const RATED: readonly Rated[] = ['low', 'medium', 'high'];
const RANK: Record<Rated, number> = { low: 0, medium: 1, high: 2 };

export type ParsedStatement = { statement: Statement } | { ignored: string } | { error: string };

/**
 * One row of statements/*.csv. A row without a serving cannot rate anything (fault 1): it is ignored and listed in a
 * warning; a malformed row is an error the build fails on.
 */
export function parseStatement(row: Record<string, string>, weightOf: (source: string) => number): ParsedStatement {
  const where = `statement ${row.key} (${row.source}, '${row.names ?? ''}')`;
  if (!row.servingGrams?.trim()) return { ignored: `${where}: no servingGrams` };
  const servingGrams = Number(row.servingGrams);
  if (!(servingGrams > 0)) return { error: `${where}: servingGrams '${row.servingGrams}' is not a positive number` };
  if (!RATED.includes(row.rating as Rated)) return { error: `${where}: rating '${row.rating}' is not low, medium or high` };
  // An undated page is kept undated rather than given a guessed year: it then yields to every dated statement.
  const year = row.year?.trim() ?? '';
  if (year !== '' && !/^(19|20)\d\d$/.test(year)) return { error: `${where}: year '${row.year}' is not a year (leave it empty when the source gives none)` };
  const groups = (row.groups ?? '').split('|').map((g) => g.trim()).filter(Boolean);
  const badGroup = groups.find((g) => !(FODMAP_TRIGGER_GROUPS as readonly string[]).includes(g));
  if (badGroup) return { error: `${where}: unknown FODMAP group '${badGroup}'` };
  if (row.rating !== 'low' && groups.length === 0) return { error: `${where}: a ${row.rating} statement must name its groups` };
  if (!row.names?.trim()) return { error: `${where}: names (the food as the source names it) is empty` };
  return {
    statement: {
      key: row.key,
      rating: row.rating as Rated,
      servingGrams,
      servingText: (row.servingText ?? '').trim(),
      groups: groups as FodmapTriggerGroup[],
      year: year === '' ? null : Number(year),
      source: row.source,
      names: row.names.trim(),
      statement: row.statement ?? '',
      weight: weightOf(row.source),
    },
  };
}

// ---------------------------------------------------------------- kind (fault 2)

interface FormWord {
  form: string;
  /** how the form shows in our food's name */
  inFood: RegExp;
  /** the words a source may use for it */
  inNames: RegExp;
  /** also wrong the other way round: a statement about the juice does not rate the fruit */
  bothWays: boolean;
}

const COOKING_IN_FOOD = /\b(cooked|boiled|roasted|baked|steamed|fried|sauteed|sautéed|grilled|stewed)\b/;
const FORM_WORDS: FormWord[] = [
  { form: 'canned', inFood: /\bcanned\b/, inNames: /\b(canned|tinned|can)\b/, bothWays: true },
  { form: 'dried', inFood: /\b(dried|dehydrated)\b/, inNames: /\b(dried|dehydrated|dry)\b/, bothWays: true },
  { form: 'juice', inFood: /\bjuices?\b/, inNames: /\bjuices?\b/, bothWays: true },
  { form: 'frozen', inFood: /\bfrozen\b/, inNames: /\bfrozen\b/, bothWays: false },
  { form: 'pickled', inFood: /\bpickled\b/, inNames: /\b(pickled|pickles?)\b/, bothWays: true },
  { form: 'powder', inFood: /\bpowder(ed)?\b/, inNames: /\bpowder(ed)?\b/, bothWays: true },
  { form: 'flour', inFood: /\bflour\b/, inNames: /\b(flour|meal)\b/, bothWays: true },
  { form: 'oil', inFood: /\boils?\b/, inNames: /\boils?\b/, bothWays: true },
  { form: 'milk', inFood: /\bmilk\b/, inNames: /\b(milk|drink|beverage)\b/, bothWays: true },
  { form: 'sauce', inFood: /\bsauce\b/, inNames: /\bsauce\b/, bothWays: true },
  { form: 'paste', inFood: /\bpaste\b/, inNames: /\bpaste\b/, bothWays: true },
  { form: 'jam', inFood: /\b(jam|jelly|preserves|marmalade)\b/, inNames: /\b(jam|jelly|preserves|marmalade|conserve)\b/, bothWays: true },
  { form: 'chips', inFood: /\bchips\b/, inNames: /\b(chips|crisps)\b/, bothWays: true },
  { form: 'seeds', inFood: /\bseeds?\b/, inNames: /\b(seeds?|pepitas|kernels)\b/, bothWays: true },
  { form: 'stalks', inFood: /\b(stalks?|stems?)\b/, inNames: /\b(stalks?|stems?)\b/, bothWays: true },
  { form: 'greens', inFood: /\b(greens|green tops|tops|leaves)\b/, inNames: /\b(greens|green (tops?|parts?|leaves)|tops|leaves|leaf)\b/, bothWays: true },
  { form: 'florets', inFood: /\bflorets?\b/, inNames: /\b(florets?|heads?)\b/, bothWays: true },
];
/** Cooking leaches fructans and GOS out of plant foods into the water, so a raw test does not rate a cooked plant food. */
const COOKING_MATTERS = new Set(['vegetables', 'legumes', 'grains_breads', 'fruit']);
const COOKING_IN_NAMES = /\b(cooked|boiled|roasted|baked|steamed|fried|stir-fried|sauteed|sautéed|grilled|stewed|microwaved)\b/;

/** A statement naming only one of these is about a whole class, which holds members of every rating. */
const CLASS_WORDS = new Set([
  'fruit', 'fruits', 'vegetable', 'vegetables', 'veg', 'veggies', 'bean', 'beans', 'legume', 'legumes', 'pulse', 'pulses',
  'nut', 'nuts', 'seed', 'seeds', 'shellfish', 'seafood', 'fish', 'meat', 'meats', 'poultry', 'cheese', 'cheeses', 'dairy',
  'grain', 'grains', 'cereal', 'cereals', 'berries', 'melon', 'melons', 'citrus', 'juice', 'juices', 'bread', 'breads',
  'herbs', 'spices', 'sweeteners', 'alcohol', 'spirits',
]);
/** Qualifiers that do not narrow a class to one food ('all fresh fruit', 'hard cheeses', 'tree nuts'). */
const CLASS_QUALIFIERS = new Set([
  'all', 'most', 'fresh', 'plain', 'other', 'hard', 'soft', 'aged', 'mature', 'stone', 'tree', 'dried', 'canned', 'frozen',
  'cooked', 'raw', 'whole', 'some', 'many', 'mixed', 'and', 'or', 'of', 'unprocessed', 'lean', 'common', 'fruit', 'single',
  'regular',
]);
/** Kinds of one food whose FODMAPs differ: a statement about 'mushrooms' does not rate oyster mushrooms. */
const KIND_CLASSES: { word: RegExp; kinds: RegExp }[] = [
  { word: /^mushrooms?$/, kinds: /\b(oyster|shiitake|enoki|portobello|portabella|chanterelle|morel|maitake|shimeji|porcini|straw|cremini|crimini|brown|king|wood ear)\b/ },
  { word: /^squash$/, kinds: /\b(butternut|acorn|hubbard|spaghetti|summer|winter|kabocha)\b/ },
];
const COLOURS = ['red', 'green', 'yellow', 'orange', 'white', 'brown', 'black', 'purple', 'gold', 'golden'];

const words = (text: string) => text.toLowerCase().replace(/[^a-z0-9éè' -]/g, ' ').split(/[\s-]+/).filter(Boolean);

/**
 * Why `names` (the food as a source names it) cannot rate our food `foodName`, or null when it can. A statement holds
 * only for the kind it names: it must carry every form word of our food's name (canned, dried, juice...), must not
 * name a form our food is not, must not be a bare class ('fruit', 'cheese'), and must not name another colour.
 */
export function kindProblem(food: { name: string; category: string; synonyms?: readonly string[] }, names: string): string | null {
  // A bracket in our name explains it ('Tahini (sesame paste)'); it names no form of the food.
  const foodName = food.name.toLowerCase().replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  const named = names.toLowerCase().trim();
  if (!named) return 'the statement does not say which food it tested (names is empty)';
  // The food's own name or one of its synonyms ('cilantro' for coriander leaves) names exactly our food.
  const same = (x: string) => x.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  if ([food.name, ...(food.synonyms ?? [])].some((x) => same(x) === same(named))) return null;
  for (const f of FORM_WORDS) {
    if (f.inFood.test(foodName) && !f.inNames.test(named)) return `our food is ${f.form} ('${food.name}'), the statement is about '${names}'`;
    if (f.bothWays && f.inFood.test(named) && !f.inNames.test(foodName)) return `the statement is about a ${f.form} form ('${names}'), our food is '${food.name}'`;
  }
  if (COOKING_MATTERS.has(food.category)) {
    if (COOKING_IN_FOOD.test(foodName) && !COOKING_IN_NAMES.test(named)) return `our food is cooked ('${food.name}'), the statement is about '${names}'`;
    if (/\braw\b/.test(foodName) && COOKING_IN_NAMES.test(named)) return `our food is raw ('${food.name}'), the statement is about cooked '${names}'`;
  }
  const nameWords = words(named);
  const onlyClass = (ws: string[]) => ws.some((w) => CLASS_WORDS.has(w)) && ws.every((w) => CLASS_WORDS.has(w) || CLASS_QUALIFIERS.has(w));
  // A class rates only a food that is that class itself ('mixed nuts' rates mixed nuts).
  if (onlyClass(nameWords) && !onlyClass(words(foodName))) return `'${names}' is a class of foods, not '${food.name}'`;
  for (const k of KIND_CLASSES) {
    const kind = k.kinds.exec(foodName);
    if (kind && nameWords.some((w) => k.word.test(w)) && !k.kinds.test(named)) return `'${names}' does not say which kind; our food is ${kind[0]} ('${food.name}')`;
  }
  const foodColours = COLOURS.filter((c) => words(foodName).includes(c));
  const namedColours = COLOURS.filter((c) => nameWords.includes(c));
  if (foodColours.length > 0 && namedColours.length > 0 && !namedColours.some((c) => foodColours.includes(c))) {
    return `'${names}' is ${namedColours.join('/')}, our food is ${foodColours.join('/')} ('${food.name}')`;
  }
  return null;
}

// ---------------------------------------------------------------- contradictions (fault 5)

/**
 * Two statements contradict when no food could satisfy both: low at X and high (or medium) at a serving no larger than
 * X, or medium at M and high at a serving no larger than M. FODMAP grams grow with the amount eaten.
 */
export function contradicts(a: Statement, b: Statement): boolean {
  if (a.rating === b.rating) return false;
  const [lower, higher] = RANK[a.rating] < RANK[b.rating] ? [a, b] : [b, a];
  return higher.servingGrams <= lower.servingGrams;
}

/**
 * Which statement is kept when two contradict: the newest test (an undated one counts as the oldest), then the more
 * authoritative source, then the higher rating.
 */
export function precedence(a: Statement, b: Statement): number {
  return (
    (b.year ?? 0) - (a.year ?? 0) ||
    b.weight - a.weight ||
    RANK[b.rating] - RANK[a.rating] ||
    a.source.localeCompare(b.source) ||
    a.servingGrams - b.servingGrams
  );
}

export interface Resolution {
  /** statements that do not contradict any statement ranked above them, in precedence order */
  accepted: Statement[];
  superseded: { statement: Statement; by: Statement }[];
}

/** Drops every statement contradicted by one ranked above it (a newer retest, then a more authoritative source). */
export function resolveStatements(statements: readonly Statement[]): Resolution {
  const accepted: Statement[] = [];
  const superseded: Resolution['superseded'] = [];
  for (const s of [...statements].sort(precedence)) {
    const by = accepted.find((a) => contradicts(a, s));
    if (by) superseded.push({ statement: s, by });
    else accepted.push(s);
  }
  return { accepted, superseded };
}

// ---------------------------------------------------------------- our serving (fault 1)

export type StatementReason =
  /** at or below a serving shown low */
  | 'low'
  /** at or above a serving shown high */
  | 'high'
  /** at or above a serving shown medium, below any shown high */
  | 'medium'

  /** larger than the largest serving shown low, below any shown high */
  | 'aboveLow'
  /** only high statements, at a serving of at least half the one shown high */
  | 'halfHigh';

export interface StatementVerdict {
  rating: Rated;
  reason: StatementReason;
  /** the statements the verdict rests on, in precedence order */
  deciding: Statement[];
}

const atMost = (s: number, limit: number) => s <= limit * (1 + ROUNDING) + 1e-9;
const atLeast = (s: number, limit: number) => s >= limit * (1 - ROUNDING) - 1e-9;

/** The largest serving shown low and the smallest shown high among consistent statements. */
export function testedPortion(accepted: readonly Statement[]): { lowUpTo: Statement | null; highFrom: Statement | null } {
  let lowUpTo: Statement | null = null;
  let highFrom: Statement | null = null;
  for (const s of accepted) {
    if (s.rating === 'low' && (lowUpTo === null || s.servingGrams > lowUpTo.servingGrams)) lowUpTo = s;
    if (s.rating === 'high' && (highFrom === null || s.servingGrams < highFrom.servingGrams)) highFrom = s;
  }
  return { lowUpTo, highFrom };
}

/**
 * What consistent statements (see resolveStatements) prove at our serving S grams, or null when they prove nothing
 * (then the caller warns: use the tested serving as ours):
 * - low at X: low when S ≤ X; high at H: high when S ≥ H (5 % rounding either way);
 * - above the largest serving shown low and below any shown high: medium;
 * - at or above a serving shown medium and below any shown high: medium (high only at or above a serving shown high);
 * - only high statements, S below H: medium when S ≥ H/2 (the FODMAP grams halve with the amount, and high means over
 *   twice the cut-off), otherwise nothing.
 */
export function rateAtServing(accepted: readonly Statement[], servingGrams: number): StatementVerdict | null {
  const s = servingGrams;
  const lows = accepted.filter((x) => x.rating === 'low');
  const mediums = accepted.filter((x) => x.rating === 'medium');
  const highs = accepted.filter((x) => x.rating === 'high');
  const provingLow = lows.filter((x) => atMost(s, x.servingGrams));
  if (provingLow.length) return { rating: 'low', reason: 'low', deciding: provingLow };
  const provingHigh = highs.filter((x) => atLeast(s, x.servingGrams));
  if (provingHigh.length) return { rating: 'high', reason: 'high', deciding: provingHigh };
  const provingMedium = mediums.filter((x) => atLeast(s, x.servingGrams));
  if (provingMedium.length) return { rating: 'medium', reason: 'medium', deciding: provingMedium };
  if (lows.length) return { rating: 'medium', reason: 'aboveLow', deciding: [...lows, ...highs] };
  const halfHigh = highs.filter((x) => s >= x.servingGrams / 2 - 1e-9);
  if (halfHigh.length) return { rating: 'medium', reason: 'halfHigh', deciding: halfHigh };
  return null;
}

/** What one statement alone says at our serving (agreement and disagreement for confidence), or null. */
export function verdictOf(statement: Statement, servingGrams: number): Rated | null {
  const x = statement.servingGrams;
  if (statement.rating === 'low') return atMost(servingGrams, x) ? 'low' : null;
  if (statement.rating === 'high') return atLeast(servingGrams, x) ? 'high' : null;
  return atLeast(servingGrams, x) && atMost(servingGrams, x) ? 'medium' : null;
}

/** The FODMAP groups statements name, in the order they name them. */
export function groupsOf(statements: readonly Statement[]): FodmapTriggerGroup[] {
  return [...new Set(statements.flatMap((s) => s.groups))];
}
