/** The release scripts' pure parts: the seeded audit sample and the 'What's new' changes between two releases. */
import { describe, expect, it } from '@jest/globals';
import { sample } from '../../scripts/audit-sample';
import { changesBetween } from '../../scripts/whats-new';

describe('audit sample', () => {
  const items = Array.from({ length: 50 }, (_, i) => i);

  it('picks the same distinct items for the same seed, and others for another seed', () => {
    const a = sample(items, 10, 2026);
    expect(sample(items, 10, 2026)).toEqual(a);
    expect(new Set(a).size).toBe(10);
    expect(sample(items, 10, 7)).not.toEqual(a);
    expect(sample(items, 80, 1)).toHaveLength(50);
  });
});

describe("what's new", () => {
  const release = {
    version: '2026.11.4',
    date: '2026-11-23',
    summary: [],
    removalReasons: [
      { keyPrefix: 'baby-', reason: 'Removed: baby food.' },
      { category: 'snacks_sweets', wasRated: false, reason: 'Removed: a brand sweet.' },
      { wasRated: true, reason: 'Removed: no tested serving.' },
    ],
  };
  const food = (key: string, name: string, fodmapRating: 'low' | 'medium' | 'high' | 'unknown', category = 'fruit', ratingExplanation?: string) => ({ key, name, category, fodmapRating, ratingExplanation });

  it('lists rating changes with the new explanation, added foods and removed foods with their reason, by name', () => {
    const previous = [food('avocado', 'Avocado', 'high'), food('apple', 'Apple', 'high'), food('baby-pears', 'Baby food, pears', 'high'), food('three-musketeers', '3 Musketeers bar', 'unknown', 'snacks_sweets'), food('twix', 'Twix', 'high', 'snacks_sweets'), food('quince', 'Quince', 'unknown')];
    const current = [
      food('avocado', 'Avocado', 'low', 'fruit', 'Low FODMAP at ¼ fruit (60 g): Monash University, 2024.'),
      food('apple', 'Apple', 'high', 'fruit', 'High in excess fructose and sorbitol at 1 medium (182 g): Monash University, 2019.'),
      food('oat-milk', 'Oat milk', 'low', 'dairy_alternatives', 'Low FODMAP at ½ cup (125 g): Monash University, 2021.'),
    ];
    expect(changesBetween(previous, current, release)).toEqual([
      { name: '3 Musketeers bar', from: 'unknown', to: null, why: 'Removed: a brand sweet.' },
      { name: 'Avocado', from: 'high', to: 'low', why: 'Low FODMAP at ¼ fruit (60 g): Monash University, 2024.' },
      { name: 'Baby food, pears', from: 'high', to: null, why: 'Removed: baby food.' },
      { name: 'Oat milk', from: null, to: 'low', why: 'New in the catalogue. Low FODMAP at ½ cup (125 g): Monash University, 2021.' },
      { name: 'Quince', from: 'unknown', to: null, why: 'No longer in the catalogue: Quince was removed in 2026.11.4.' },
      // every condition of a rule must hold: a rated sweet is not 'a brand sweet' but falls to the next rule
      { name: 'Twix', from: 'high', to: null, why: 'Removed: no tested serving.' },
    ]);
  });
});
