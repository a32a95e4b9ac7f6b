import { allowedTypos, boundedDistances } from './edit-distance';
import { stem, tokenize } from './normalize';
import { SYNONYM_GROUPS } from './synonyms';

/** What the index needs to know of a food. */
export interface SearchableFood {
  id: number;
  name: string;
  synonyms: readonly string[];
  /** the plain, common form of an everyday food: first among equally good text matches */
  everyday?: boolean;
  /** words the food is known to be free of though its name does not say so ('lactose' for a plant milk) */
  freeOf?: readonly string[];
}

/**
 * How well a food matched, best first: the whole name (or the part before its first comma) is the query; every word
 * of the query is a whole word of the name ('milk' → 'Whole milk'); the last word begins a longer word, as while
 * typing ('milk' → 'Milkshake'); some word only matched with a typo; one word of a long query matched nothing.
 */
export enum MatchTier {
  PartOfQuery = 1,
  Typo = 2,
  Prefix = 3,
  Words = 4,
  Exact = 5,
}

/**
 * How a food answers a query that asks for something to be absent ('lactose free milk', 'gluten-free bread', 'sugar
 * free'), best first. Every hit of a query without such words is Fits. An ordinary food never comes before one that
 * is free of what the query excludes: the person asked for exactly what it is not.
 */
export enum Negation {
  /** its name says it is free of it (or the query excludes nothing) and it matches the rest of the query */
  Fits = 0,
  /** known to be free of it without saying so (a plant milk for 'lactose free milk') and matches the rest */
  KnownFree = 1,
  /** free of it by name but another food than the rest of the query asks for: an alternative */
  OtherFree = 2,
  /** says nothing either way */
  Ordinary = 3,
  /** names what the query excludes */
  Contains = 4,
}

export interface SearchHit {
  id: number;
  tier: MatchTier;
  negation: Negation;
  everyday: boolean;
  /** within a tier: how closely the words matched and how little of the name is left over */
  score: number;
  /** matched the food's own name rather than a synonym */
  byName: boolean;
  name: string;
}

interface Phrase {
  food: number;
  tokens: string[];
  stems: string[];
  /** words before the first comma or parenthesis: 'Garlic, raw' has a head of one word */
  headLength: number;
  byName: boolean;
}

enum MatchKind {
  Typo,
  Prefix,
  Exact,
}

interface WordMatch {
  kind: MatchKind;
  quality: number;
  position: number;
}

const PLAIN_FORM_WORDS = new Set(['raw', 'fresh', 'plain']);

const QUALITY = { exact: 3, prefix: 2, completedWordPrefix: 1.75, typo: 1.5, typoPrefix: 1.25, perTypo: 0.25 } as const;

interface SynonymMember {
  tokens: string[];
  stems: string[];
}
const SYNONYMS: SynonymMember[][] = SYNONYM_GROUPS.map((group) =>
  group.map((member) => {
    const tokens = tokenize(member);
    return { tokens, stems: tokens.map(stem) };
  }),
);

function indexOfRun(haystack: string[], needle: string[]): number {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let k = 0; k < needle.length; k++) if (haystack[start + k] !== needle[k]) continue outer;
    return start;
  }
  return -1;
}

/**
 * An in-memory search over foods, built once (the catalogue at start-up) or per request (a person's few private
 * foods). Every word form of every name and synonym points at the phrases holding it; a query word is looked up as
 * itself, as a prefix (binary search over the sorted words) and, failing those, within a bounded edit distance of
 * each known word, which stays cheap because the vocabulary of a food catalogue is a few thousand words.
 */
export class FoodSearchIndex {
  private readonly phrases: Phrase[] = [];
  /** food index → its phrases */
  private readonly phrasesOf: number[][] = [];
  private readonly postings = new Map<string, Array<[phrase: number, position: number]>>();
  /** distinct words as written (not stemmed), sorted for prefix ranges */
  private readonly words: string[];

  constructor(private readonly foods: readonly SearchableFood[]) {
    foods.forEach((food, index) => this.addFood(food, index));
    this.words = [...new Set(this.phrases.flatMap((phrase) => phrase.tokens))].sort();
  }

  search(query: string, limit: number): SearchHit[] {
    const queryTokens = tokenize(query);
    if (queryTokens.length === 0 || this.foods.length === 0) return [];
    const negated = negationOf(queryTokens);
    const hits = negated ? this.matchNegated(queryTokens, negated) : [...this.match(queryTokens).values()];
    return hits.sort(compareHits).slice(0, limit);
  }

  /** food index → its best hit for these words */
  private match(queryTokens: string[]): Map<number, SearchHit> {
    const perWord = queryTokens.map((token, i) => this.matchWord(token, i === queryTokens.length - 1));

    // phrase → the match of each query word in it
    const byPhrase = new Map<number, (WordMatch | undefined)[]>();
    perWord.forEach((matches, i) => {
      for (const [phrase, match] of matches) {
        let row = byPhrase.get(phrase);
        if (!row) byPhrase.set(phrase, (row = new Array<WordMatch | undefined>(queryTokens.length).fill(undefined)));
        row[i] = match;
      }
    });

    // A long query may hold a word the catalogue does not use ('chicken breast grilled'): one missing word is tolerated.
    const needed = queryTokens.length >= 3 ? queryTokens.length - 1 : queryTokens.length;
    const queryStems = queryTokens.map(stem).join(' ');
    const best = new Map<number, SearchHit>();
    for (const [phraseIndex, row] of byPhrase) {
      const matched = row.filter((match): match is WordMatch => match !== undefined);
      if (matched.length < needed) continue;
      const phrase = this.phrases[phraseIndex];
      const hit = this.rate(phrase, row, matched, queryStems);
      const current = best.get(phrase.food);
      if (!current || compareHits(hit, current) < 0) best.set(phrase.food, hit);
    }
    return best;
  }

  /**
   * A query excluding something: the foods matching it whole or matching the rest of it, each told how it answers the
   * exclusion ('lactose free milk': lactose-free milk, then plant milks, then lactose-free foods of another kind, then
   * ordinary milk). A food matching the whole query is ranked by that match, else by its match on the rest.
   */
  private matchNegated(queryTokens: string[], negated: NegatedQuery): SearchHit[] {
    const whole = this.match(queryTokens);
    const rest = negated.rest.length > 0 ? this.match(negated.rest) : whole;
    const hits: SearchHit[] = [];
    for (const food of new Set([...whole.keys(), ...rest.keys()])) {
      const wholeHit = whole.get(food);
      const hit = wholeHit && wholeHit.tier !== MatchTier.PartOfQuery ? wholeHit : (rest.get(food) ?? wholeHit);
      if (hit) hits.push({ ...hit, negation: this.negation(food, negated.excluded, rest.has(food)) });
    }
    return hits;
  }

  private negation(food: number, excluded: string[], matchesRest: boolean): Negation {
    const phrases = this.phrasesOf[food].map((phrase) => this.phrases[phrase].tokens);
    const namedFree = excluded.every((word) => phrases.some((tokens) => saysFreeOf(tokens, word)));
    if (namedFree) return matchesRest ? Negation.Fits : Negation.OtherFree;
    const freeOf = this.foods[food].freeOf ?? [];
    if (matchesRest && excluded.every((word) => freeOf.some((free) => sameWord(free, word)) || phrases.some((tokens) => saysFreeOf(tokens, word)))) return Negation.KnownFree;
    const contains = excluded.some((word) => phrases.some((tokens) => tokens.some((token) => sameWord(token, word)) && !saysFreeOf(tokens, word)));
    return contains ? Negation.Contains : Negation.Ordinary;
  }

  private addFood(food: SearchableFood, index: number): void {
    const seen = new Set<string>();
    const texts = [food.name, ...food.synonyms];
    texts.forEach((text, t) => {
      const tokens = tokenize(text);
      const headLength = Math.max(1, tokenize(text.split(/[,(]/)[0]).length);
      const base = { tokens, stems: tokens.map(stem), headLength };
      this.addPhrase(index, base, t === 0, seen);
      for (const variant of variantsOf(base)) this.addPhrase(index, variant, false, seen);
    });
  }

  private addPhrase(food: number, phrase: Omit<Phrase, 'food' | 'byName'>, byName: boolean, seen: Set<string>): void {
    const key = phrase.stems.join(' ');
    if (phrase.tokens.length === 0 || seen.has(key)) return;
    seen.add(key);
    const id = this.phrases.push({ ...phrase, food, byName }) - 1;
    (this.phrasesOf[food] ??= []).push(id);
    phrase.tokens.forEach((token, position) => {
      for (const form of new Set([token, phrase.stems[position]])) {
        let list = this.postings.get(form);
        if (!list) this.postings.set(form, (list = []));
        list.push([id, position]);
      }
    });
  }

  /** Every phrase holding a word that matches `token`, with the best way it matched there. */
  private matchWord(token: string, isLast: boolean): Map<number, WordMatch> {
    const found = new Map<number, WordMatch>();
    const note = (word: string, kind: MatchKind, quality: number) => {
      for (const [phrase, position] of this.postings.get(word) ?? []) {
        const current = found.get(phrase);
        if (!current || current.quality < quality) found.set(phrase, { kind, quality, position });
      }
    };
    note(token, MatchKind.Exact, QUALITY.exact);
    note(stem(token), MatchKind.Exact, QUALITY.exact);

    // The last word is usually still being typed; an earlier word is complete, so a longer word is a weaker match.
    const prefixQuality = isLast ? QUALITY.prefix : QUALITY.completedWordPrefix;
    if (isLast || token.length >= 3) {
      for (let i = lowerBound(this.words, token); i < this.words.length && this.words[i].startsWith(token); i++) {
        if (this.words[i] !== token) note(this.words[i], MatchKind.Prefix, prefixQuality);
      }
    }

    // A word the catalogue knows was meant as typed: looking for typos then only adds noise ('rice' → 'ice').
    const knownWord = [...found.values()].some((match) => match.kind === MatchKind.Exact);
    const typos = knownWord ? 0 : allowedTypos(token.length);
    if (typos > 0) {
      for (const word of this.words) {
        if (word.startsWith(token)) continue;
        const { whole, prefix } = boundedDistances(token, word, typos);
        if (whole !== Infinity) note(word, MatchKind.Typo, QUALITY.typo - QUALITY.perTypo * whole);
        else if (isLast && prefix !== Infinity) note(word, MatchKind.Typo, QUALITY.typoPrefix - QUALITY.perTypo * prefix);
      }
    }
    return found;
  }

  private rate(phrase: Phrase, row: (WordMatch | undefined)[], matched: WordMatch[], queryStems: string): SearchHit {
    const food = this.foods[phrase.food];
    const allMatched = matched.length === row.length;
    const noTypos = matched.every((match) => match.kind !== MatchKind.Typo);
    const exact = queryStems === phrase.stems.join(' ') || queryStems === phrase.stems.slice(0, phrase.headLength).join(' ');
    const inOrderFromStart = row.every((match, i) => match !== undefined && match.position === i);
    const wholeWords = matched.every((match) => match.kind === MatchKind.Exact);

    let tier: MatchTier;
    if (!allMatched) tier = MatchTier.PartOfQuery;
    else if (!noTypos) tier = MatchTier.Typo;
    else if (exact) tier = MatchTier.Exact;
    else if (wholeWords) tier = MatchTier.Words;
    else tier = MatchTier.Prefix;

    const positions = new Set(matched.map((match) => match.position));
    let headLeftOver = 0;
    for (let i = 0; i < phrase.headLength; i++) if (!positions.has(i)) headLeftOver++;
    const tail = phrase.tokens.slice(phrase.headLength).filter((_, i) => !positions.has(phrase.headLength + i));
    // 'raw', 'fresh', 'plain' name the form a bare word means: 'Tomato, red, raw' is what 'tomato' asks for.
    const plainForm = tail.some((token) => PLAIN_FORM_WORDS.has(token));
    const tailLeftOver = tail.filter((token) => !PLAIN_FORM_WORDS.has(token)).length;
    // English puts the food itself last in a name's head: 'rice' is what 'White rice' is, not 'Rice bran oil'.
    const namesTheFood = positions.has(phrase.headLength - 1);
    const score =
      matched.reduce((sum, match) => sum + match.quality, 0) +
      (headLeftOver === 0 ? 1 : 0) +
      (namesTheFood ? 1.5 : 0) +
      (positions.has(0) ? 0.5 : 0) +
      (inOrderFromStart ? 0.5 : 0) +
      (plainForm ? 0.1 : 0) -
      0.2 * headLeftOver -
      0.05 * tailLeftOver;
    const everyday = food.everyday ?? false;
    return { id: food.id, tier, negation: Negation.Fits, everyday, score: Math.round(score * 1000) / 1000, byName: phrase.byName, name: food.name };
  }
}

/**
 * Best first: how the food answers what the query excludes; how well the text matched, where every query word being a
 * whole word of the name is equally good whether or not it is the whole name ('milk' → 'Cow's milk' and 'Soy milk',
 * 'chicken' → 'Chicken, canned' and 'Chicken breast'); then the everyday food, so that the plain common form comes
 * first ('tomato' → raw tomato, not cooked); then the finer tier, a match on the food's own name over a synonym,
 * score, and the shorter name.
 */
export function compareHits(a: SearchHit, b: SearchHit): number {
  return (
    a.negation - b.negation ||
    textStrength(b.tier) - textStrength(a.tier) ||
    Number(b.everyday) - Number(a.everyday) ||
    b.tier - a.tier ||
    Number(b.byName) - Number(a.byName) ||
    b.score - a.score ||
    a.name.length - b.name.length ||
    a.name.localeCompare(b.name) ||
    a.id - b.id
  );
}

function textStrength(tier: MatchTier): number {
  return tier === MatchTier.Exact ? MatchTier.Words : tier;
}

interface NegatedQuery {
  /** the words the query excludes, e.g. 'lactose' of 'lactose free milk' */
  excluded: string[];
  /** the query without its exclusions: 'milk' */
  rest: string[];
}

const NEGATING_PREFIXES = new Set(['non', 'no', 'without']);

/** 'X free', 'non X', 'no X' and 'without X' in a query; null when it excludes nothing. */
function negationOf(tokens: string[]): NegatedQuery | null {
  const excluded: string[] = [];
  const used = new Set<number>();
  tokens.forEach((token, i) => {
    if (token === 'free' && i > 0 && !used.has(i - 1)) {
      excluded.push(tokens[i - 1]);
      used.add(i - 1).add(i);
    } else if (NEGATING_PREFIXES.has(token) && i + 1 < tokens.length) {
      // 'no added sugar' excludes sugar
      const at = tokens[i + 1] === 'added' && i + 2 < tokens.length ? i + 2 : i + 1;
      excluded.push(tokens[at]);
      for (let j = i; j <= at; j++) used.add(j);
    }
  });
  return excluded.length > 0 ? { excluded, rest: tokens.filter((_, i) => !used.has(i)) } : null;
}

/** Words that say a food lacks something without the word 'free': 'Diet cola' has no sugar, 'decaf coffee' no caffeine. */
const IMPLIED_FREE: Record<string, readonly string[]> = {
  diet: ['sugar'],
  sugarless: ['sugar'],
  decaf: ['caffeine'],
  decaffeinated: ['caffeine'],
  nonfat: ['fat'],
};

/** Whether a name's words say it is free of `word`: 'gluten free', 'non dairy', 'without sugar', 'diet'. */
function saysFreeOf(tokens: string[], word: string): boolean {
  return tokens.some(
    (token, i) =>
      (sameWord(token, word) && (tokens[i + 1] === 'free' || NEGATING_PREFIXES.has(tokens[i - 1] ?? ''))) ||
      (IMPLIED_FREE[token]?.some((implied) => sameWord(implied, word)) ?? false),
  );
}

/** The same word, plural or singular or with the typos its length allows ('glutten' → 'gluten'). */
function sameWord(token: string, word: string): boolean {
  if (token === word || stem(token) === stem(word)) return true;
  const typos = allowedTypos(word.length);
  return typos > 0 && boundedDistances(word, token, typos).whole !== Infinity;
}

/** The phrase again with each English variant of a word it contains ('spring onion, green tops' → 'scallion green tops'). */
function variantsOf(phrase: Omit<Phrase, 'food' | 'byName'>): Omit<Phrase, 'food' | 'byName'>[] {
  const variants: Omit<Phrase, 'food' | 'byName'>[] = [];
  for (const group of SYNONYMS) {
    for (const member of group) {
      const at = indexOfRun(phrase.stems, member.stems);
      if (at < 0) continue;
      for (const other of group) {
        if (other === member) continue;
        const tokens = [...phrase.tokens.slice(0, at), ...other.tokens, ...phrase.tokens.slice(at + member.tokens.length)];
        const headLength = at < phrase.headLength ? phrase.headLength + other.tokens.length - member.tokens.length : phrase.headLength;
        variants.push({ tokens, stems: tokens.map(stem), headLength: Math.max(1, headLength) });
      }
    }
  }
  return variants;
}

function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
