import { describe, expect, it } from 'vitest';
import { containsUnsafeText } from './unsafe-text';

describe('containsUnsafeText', () => {
  it('finds a NUL or a lone surrogate anywhere, keys included', () => {
    expect(containsUnsafeText({ name: 'soup\u0000' })).toBe(true);
    expect(containsUnsafeText({ foods: [{ note: 'a\uD800b' }] })).toBe(true);
    expect(containsUnsafeText({ note: '\uDC00 first' })).toBe(true);
    expect(containsUnsafeText({ ['k\u0000']: 1 })).toBe(true);
  });

  it('accepts ordinary text, emoji (paired surrogates) and non-string values', () => {
    expect(containsUnsafeText({ name: 'Crème brûlée 🍮', n: 3, ok: true, none: null, list: ['日本'] })).toBe(false);
  });

  it('walks a very deeply nested value without exhausting the stack', () => {
    const deep = JSON.parse('['.repeat(50_000) + '"\\u0000"' + ']'.repeat(50_000));
    expect(containsUnsafeText(deep)).toBe(true);
  });
});
