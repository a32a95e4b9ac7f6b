import { describe, expect, it } from '@jest/globals';
import { Messages } from './messages';
import { createMealSchema } from './meals/meal.schemas';
import { registerSchema } from './auth/auth.schemas';
import { quickAddFoodSchema } from './foods/food';
import { text } from './text';
import { NOTES_MAX_LENGTH } from './text-limits';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('text', () => {
  const name = text('Name', 10, { required: 'Name is required' });

  it('trims and accepts up to its limit', () => {
    expect(name.parse('  Ann  ')).toBe('Ann');
    expect(name.parse('a'.repeat(10))).toBe('a'.repeat(10));
  });

  it('names the field and its limit when the value is longer', () => {
    expect(firstMessage(name.safeParse('a'.repeat(11)))).toBe('Name must be at most 10 characters');
    expect(firstMessage(text('Notes', NOTES_MAX_LENGTH).safeParse('a'.repeat(NOTES_MAX_LENGTH + 1)))).toBe('Notes must be at most 2,000 characters');
  });

  it('gives the required message for a missing, blank or non-string value', () => {
    expect(firstMessage(name.safeParse(undefined))).toBe('Name is required');
    expect(firstMessage(name.safeParse('   '))).toBe('Name is required');
    expect(firstMessage(name.safeParse(42))).toBe('Name is required');
    expect(firstMessage(text('Notes', 10).safeParse(42))).toBe('Notes must be text');
  });

  it('refuses a NUL byte and unpaired surrogates with a clear message, and keeps paired ones (emoji)', () => {
    const unstorable = 'Name contains a character that cannot be saved (a NUL byte or a broken Unicode character)';
    expect(firstMessage(name.safeParse('a\u0000b'))).toBe(unstorable);
    expect(firstMessage(name.safeParse('a\uD800b'))).toBe(unstorable);
    expect(firstMessage(name.safeParse('a\uDC00'))).toBe(unstorable);
    expect(firstMessage(name.safeParse('\uDC00\uD800'))).toBe(unstorable);
    expect(name.parse('pho 🍜')).toBe('pho 🍜');
  });

  it('keeps whitespace when asked to, as passwords need', () => {
    expect(text('Password', 10, { trim: false }).parse(' pw ')).toBe(' pw ');
  });
});

describe('the shared schemas limit their free text', () => {
  it('a meal: name 200, notes 2,000, no NUL', () => {
    const meal = { mealType: 'lunch', name: 'Soup', timestamp: '2025-03-10T12:00:00Z' };
    expect(firstMessage(createMealSchema.safeParse({ ...meal, name: 'a'.repeat(201) }))).toBe('Meal name must be at most 200 characters');
    expect(firstMessage(createMealSchema.safeParse({ ...meal, notes: 'a'.repeat(2001) }))).toBe('Notes must be at most 2,000 characters');
    expect(firstMessage(createMealSchema.safeParse({ ...meal, notes: 'x\u0000' }))).toMatch(/^Notes contains a character that cannot be saved/);
  });

  it('a meal time: a date-time in the years 0000-9999, not an expanded year the events cannot hold', () => {
    const meal = { mealType: 'lunch', name: 'Soup' };
    expect(createMealSchema.parse({ ...meal, timestamp: '2025-03-10T12:00:00+01:00' }).timestamp).toBe('2025-03-10T11:00:00.000Z');
    expect(firstMessage(createMealSchema.safeParse({ ...meal, timestamp: '+010000-01-01T00:00:00Z' }))).toBe(Messages.mealTimestampInvalid);
  });

  it('registration: names 100, email 254, password 128', () => {
    const person = { email: 'ann@example.com', password: 'correct horse', firstName: 'Ann', lastName: 'Lee' };
    expect(firstMessage(registerSchema.safeParse({ ...person, firstName: 'a'.repeat(101) }))).toBe('First name must be at most 100 characters');
    expect(firstMessage(registerSchema.safeParse({ ...person, email: `${'a'.repeat(250)}@example.com` }))).toBe('Email must be at most 254 characters');
    expect(firstMessage(registerSchema.safeParse({ ...person, password: 'a'.repeat(129) }))).toBe('Password must be at most 128 characters');
  });

  it('a private food: name 100, description 500, serving 100', () => {
    const food = { name: 'Soup', fodmapRating: 'low' };
    expect(firstMessage(quickAddFoodSchema.safeParse({ ...food, name: 'a'.repeat(101) }))).toBe('Food name must be at most 100 characters');
    expect(firstMessage(quickAddFoodSchema.safeParse({ ...food, description: 'a'.repeat(501) }))).toBe('Description must be at most 500 characters');
    expect(firstMessage(quickAddFoodSchema.safeParse({ ...food, servingSize: '\uD800' }))).toMatch(/^Serving size contains/);
  });
});
