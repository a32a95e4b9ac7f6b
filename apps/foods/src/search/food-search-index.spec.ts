import { describe, expect, it } from '@jest/globals';
import { boundedDistances } from './edit-distance';
import { FoodSearchIndex, MatchTier, Negation, SearchableFood } from './food-search-index';
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
    expect(stem('tomatoe')).toBe(stem('tomato'));
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

describe('FoodSearchIndex: the plain, common form first', () => {
  const catalogue: SearchableFood[] = [
    { id: 1, name: 'Tomato, cooked', synonyms: [] },
    { id: 2, name: 'Tomato, red, raw', synonyms: [], everyday: true },
    { id: 3, name: 'Milk chocolate', synonyms: [], everyday: true },
    { id: 4, name: 'Cow’s milk, whole', synonyms: ['whole milk'], everyday: true },
    { id: 5, name: 'Almond milk, unsweetened', synonyms: [], everyday: true, freeOf: ['dairy', 'lactose'] },
    { id: 6, name: 'Cow’s milk, skim', synonyms: ['fat-free milk'] },
    { id: 7, name: 'Chicken, canned', synonyms: [] },
    { id: 8, name: 'Chicken breast, skinless, roasted', synonyms: [], everyday: true },
    { id: 9, name: 'Rye bread', synonyms: [] },
    { id: 10, name: 'White bread', synonyms: [], everyday: true },
    { id: 11, name: 'Gluten-free white bread', synonyms: [] },
    { id: 12, name: 'Gluten-free pasta', synonyms: [] },
    { id: 13, name: 'Oats, rolled', synonyms: [], everyday: true },
    { id: 14, name: 'Cola soft drink', synonyms: [], everyday: true },
    { id: 15, name: 'Diet cola', synonyms: [] },
    { id: 16, name: 'Chewing gum, sugar-free', synonyms: [] },
    { id: 17, name: 'Sugar, white', synonyms: [], everyday: true },
    { id: 18, name: 'Lactose powder', synonyms: [] },
  ];
  const plain = new FoodSearchIndex(catalogue);
  const find = (q: string) => plain.search(q, 20).map((hit) => hit.name);

  it('puts an everyday food first among equally good matches', () => {
    expect(find('tomato')[0]).toBe('Tomato, red, raw');
    expect(find('bread')[0]).toBe('White bread');
    // every word of the query a whole word of the name: the everyday chicken breast before canned chicken
    expect(find('chicken')).toEqual(['Chicken breast, skinless, roasted', 'Chicken, canned']);
  });

  it('never lets everyday outrank a better text match', () => {
    expect(find('tomato cooked')[0]).toBe('Tomato, cooked');
    expect(find('choc')[0]).toBe('Milk chocolate');
    expect(find('milk')).toEqual(['Cow’s milk, whole', 'Almond milk, unsweetened', 'Milk chocolate', 'Cow’s milk, skim']);
  });

  it('answers a query that excludes something with foods free of it, never an ordinary food first', () => {
    expect(find('gluten free bread')).toEqual(['Gluten-free white bread', 'Gluten-free pasta', 'White bread', 'Rye bread']);
    expect(find('gluten-free bread')[0]).toBe('Gluten-free white bread');
    // no lactose-free milk by name: a milk known to be lactose free, then the ordinary ones
    expect(find('lactose free milk')[0]).toBe('Almond milk, unsweetened');
    expect(find('dairy free milk')[0]).toBe('Almond milk, unsweetened');
    expect(find('sugar free')).toEqual(['Chewing gum, sugar-free']);
    expect(find('sugar free cola')[0]).toBe('Diet cola');
    expect(find('fat free milk')[0]).toBe('Cow’s milk, skim');
    // nothing gluten free is oats: gluten-free foods first, the ordinary oats below them
    const oats = plain.search('gluten free oats', 20);
    expect(oats.map((hit) => hit.negation)).toEqual([Negation.OtherFree, Negation.OtherFree, Negation.Ordinary]);
    expect(oats[2].name).toBe('Oats, rolled');
  });

  it('ranks a food naming what the query excludes last', () => {
    const hits = plain.search('lactose free', 20);
    expect(hits.map((hit) => hit.name)).toEqual([]);
    expect(plain.search('no lactose powder', 20).map((hit) => [hit.name, hit.negation])).toEqual([['Lactose powder', Negation.Contains]]);
  });

  it('leaves a query without exclusions alone', () => {
    expect(plain.search('milk', 20).every((hit) => hit.negation === Negation.Fits)).toBe(true);
    // 'free' alone excludes nothing: it is a word of the names
    expect(plain.search('free', 20).map((hit) => [hit.name, hit.negation])).toEqual([
      ['Gluten-free pasta', Negation.Fits],
      ['Chewing gum, sugar-free', Negation.Fits],
      ['Gluten-free white bread', Negation.Fits],
      ['Cow’s milk, skim', Negation.Fits],
    ]);
  });
});
