import { describe, expect, it } from '@jest/globals';
import { boundedDistances } from './edit-distance';
import { FoodSearchIndex, MatchTier, SearchableFood } from './food-search-index';
import { normalize, stem, tokenize } from './normalize';

const names: Array<[string, string[]?]> = [
  ['Garlic, raw'],
  ['Garlic bread'],
  ['Garlic-infused oil'],
  ['Gherkin'],
  ['Banana, ripe'],
  ['Banana, unripe (firm)'],
  ['Banana bread'],
  ['Bandage cake'],
  ['Spring onion, green tops only'],
  ['Spring onion, bulb'],
  ['Onion, white'],
  ['Zucchini', ['courgette']],
  ['Aubergine'],
  ['Red bell pepper'],
  ['Coriander, fresh leaves'],
  ['Rocket'],
  ['Crème fraîche'],
  ['Jalapeño pepper'],
  ['Rice, white, boiled'],
  ['Ice cream, vanilla'],
  ['Brown rice, boiled'],
  ['Rice milk'],
  ['Milkshake, vanilla'],
  ['Whole milk'],
  ['Broccoli, heads'],
  ['Cherry tomatoes'],
  ['Tomato, common'],
  ['Chicken breast, roasted'],
  ['Cow’s milk, whole'],
  ['Strawberries'],
  ['Peanut butter'],
  ['Chickpeas, canned'],
  ['Salt and vinegar crisps'],
];
const foods: SearchableFood[] = names.map(([name, synonyms = []], i) => ({ id: i + 1, name, synonyms }));
const index = new FoodSearchIndex(foods);
const search = (q: string, limit = 20) => index.search(q, limit).map((hit) => hit.name);

describe('normalisation', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalize('Crème Fraîche')).toBe('creme fraiche');
    expect(normalize('JALAPEÑO  pepper!')).toBe('jalapeno pepper');
    expect(normalize('Cow’s milk, whole')).toBe('cows milk whole');
    expect(normalize('Straße Smørrebrød')).toBe('strasse smorrebrod');
  });

  it('drops stopwords unless nothing else is left', () => {
    expect(tokenize('Salt and vinegar crisps')).toEqual(['salt', 'vinegar', 'crisps']);
    expect(tokenize('and')).toEqual(['and']);
  });

  it('stems English plurals consistently', () => {
    expect(stem('tomatoes')).toBe(stem('tomato'));
    expect(stem('strawberries')).toBe(stem('strawberry'));
    expect(stem('peaches')).toBe('peach');
    expect(stem('asparagus')).toBe('asparagus');
    expect(stem('hummus')).toBe('hummus');
  });
});

describe('boundedDistances', () => {
  it('counts insertions, deletions, substitutions and swaps', () => {
    expect(boundedDistances('galic', 'garlic', 1).whole).toBe(1);
    expect(boundedDistances('bananna', 'banana', 1).whole).toBe(1);
    expect(boundedDistances('brocolli', 'broccoli', 2).whole).toBe(2);
    expect(boundedDistances('tomatoe', 'tomato', 1).whole).toBe(1);
    expect(boundedDistances('bnaana', 'banana', 1).whole).toBe(1);
  });

  it('gives up beyond the bound', () => {
    expect(boundedDistances('garlic', 'gherkin', 1)).toEqual({ whole: Infinity, prefix: Infinity });
    expect(boundedDistances('apple', 'pineapple', 2).whole).toBe(Infinity);
  });

  it('matches the beginning of a word for a word still being typed', () => {
    expect(boundedDistances('brocol', 'broccoli', 1)).toEqual({ whole: Infinity, prefix: 1 });
  });
});

describe('FoodSearchIndex', () => {
  it('finds garlic from the typo galic, the plain food first', () => {
    expect(search('galic')[0]).toBe('Garlic, raw');
    expect(search('galic')).toEqual(expect.arrayContaining(['Garlic bread', 'Garlic-infused oil']));
    expect(search('galic')).not.toContain('Gherkin');
  });

  it('finds banana from the typo bananna', () => {
    expect(search('bananna').slice(0, 2)).toEqual(['Banana, ripe', 'Banana, unripe (firm)']);
  });

  it('ranks the exact name first, then names where the word is the food itself, and leaves typo matches out', () => {
    const results = index.search('rice', 20);
    expect(results.map((hit) => hit.name)).toEqual(['Rice, white, boiled', 'Brown rice, boiled', 'Rice milk']);
    expect(results.map((hit) => hit.tier)).toEqual([MatchTier.Exact, MatchTier.Words, MatchTier.Words]);
    expect(search('rice')).not.toContain('Ice cream, vanilla');
  });

  it('puts a whole word above the beginning of a longer word', () => {
    const results = search('milk');
    expect(results[0]).toBe('Cow’s milk, whole');
    expect(results.indexOf('Milkshake, vanilla')).toBeGreaterThan(results.indexOf('Whole milk'));
    expect(results.indexOf('Milkshake, vanilla')).toBeGreaterThan(results.indexOf('Rice milk'));
  });

  it('puts a match on the name above a match on a synonym', () => {
    expect(search('co')[0]).toBe('Coriander, fresh leaves');
  });

  it('puts an exact or prefix match above a typo match of another food', () => {
    expect(search('band')[0]).toBe('Bandage cake');
  });

  it('is case- and accent-insensitive', () => {
    expect(search('CREME FRAICHE')).toEqual(['Crème fraîche']);
    expect(search('jalapeno')).toEqual(['Jalapeño pepper']);
    expect(search('crème')).toEqual(['Crème fraîche']);
  });

  it('finds foods by their English variants both ways', () => {
    expect(search('courgette')).toEqual(['Zucchini']);
    expect(search('eggplant')).toEqual(['Aubergine']);
    expect(search('scallion')).toEqual(['Spring onion, bulb', 'Spring onion, green tops only']);
    expect(search('green onion')[0]).toMatch(/^Spring onion/);
    expect(search('capsicum')).toEqual(['Red bell pepper']);
    expect(search('cilantro')).toEqual(['Coriander, fresh leaves']);
    expect(search('arugula')).toEqual(['Rocket']);
    expect(search('garbanzo')).toEqual(['Chickpeas, canned']);
  });

  it('works while the person is still typing the last word', () => {
    expect(search('ga')).toEqual(expect.arrayContaining(['Garlic, raw', 'Garlic bread', 'Garlic-infused oil']));
    expect(search('garl')[0]).toBe('Garlic, raw');
    expect(search('spring on').slice(0, 2)).toEqual(['Spring onion, bulb', 'Spring onion, green tops only']);
    expect(search('brocol')).toEqual(['Broccoli, heads']);
    expect(search('peanut b')).toEqual(['Peanut butter']);
  });

  it('matches multi-word queries in any order and plural or singular', () => {
    expect(search('bread banana')).toEqual(['Banana bread']);
    expect(search('tomato')).toEqual(['Tomato, common', 'Cherry tomatoes']);
    expect(search('strawberry')).toEqual(['Strawberries']);
    expect(search("cow's milk")[0]).toBe('Cow’s milk, whole');
    expect(search('salt and vinegar')).toEqual(['Salt and vinegar crisps']);
  });

  it('tolerates one unknown word in a long query, below full matches', () => {
    const results = index.search('chicken breast grilled', 20);
    expect(results[0]).toMatchObject({ name: 'Chicken breast, roasted', tier: 1 });
  });

  it('finds nothing for a word that matches nothing', () => {
    expect(search('xylophone')).toEqual([]);
    expect(search('garlic xylophone')).toEqual([]);
  });

  it('answers at most the limit', () => {
    expect(index.search('c', 3)).toHaveLength(3);
  });
});
