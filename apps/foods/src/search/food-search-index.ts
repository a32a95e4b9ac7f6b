import { allowedTypos, boundedDistances } from './edit-distance';
import { stem, tokenize } from './normalize';
import { SYNONYM_GROUPS } from './synonyms';

/** What the index needs to know of a food. */
export interface SearchableFood {
  id: number;
  name: string;
  synonyms: readonly string[];
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

export interface SearchHit {
  id: number;
  tier: MatchTier;
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
      const hit = this.rate(this.phrases[phraseIndex], row, matched, queryStems);
      const current = best.get(hit.id);
      if (!current || compareHits(hit, current) < 0) best.set(hit.id, hit);
    }
    return [...best.values()].sort(compareHits).slice(0, limit);
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
    const tailLeftOver = phrase.tokens.length - phrase.headLength - [...positions].filter((position) => position >= phrase.headLength).length;
    // English puts the food itself last in a name's head: 'rice' is what 'White rice' is, not 'Rice bran oil'.
    const namesTheFood = positions.has(phrase.headLength - 1);
    const score =
      matched.reduce((sum, match) => sum + match.quality, 0) +
      (headLeftOver === 0 ? 1 : 0) +
      (namesTheFood ? 1.5 : 0) +
      (positions.has(0) ? 0.5 : 0) +
      (inOrderFromStart ? 0.5 : 0) -
      0.2 * headLeftOver -
      0.05 * tailLeftOver;
    return { id: food.id, tier, score: Math.round(score * 1000) / 1000, byName: phrase.byName, name: food.name };
  }
}

/** Best first: tier, then a match on the food's own name over one on a synonym, then score, then the shorter name. */
export function compareHits(a: SearchHit, b: SearchHit): number {
  return b.tier - a.tier || Number(b.byName) - Number(a.byName) || b.score - a.score || a.name.length - b.name.length || a.name.localeCompare(b.name) || a.id - b.id;
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
