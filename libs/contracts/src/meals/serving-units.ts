/**
 * How much of a food an amount is (its servings, grams and calories), from the catalogue's serving text: apart from
 * the FODMAP arithmetic (meal-fodmap.ts), so that code which only counts amounts, such as the phone's meal builder
 * adding a food, does not bring the scoring along.
 */
import type { FoodSnapshot } from './meal';
import { GRAMS, SERVING } from './meal';

/** The vulgar fractions catalogue servings start with ('½ cup (115 g)', '1½ cups'), by value. */
const UNICODE_FRACTIONS: Record<string, number> = { '½': 1 / 2, '¼': 1 / 4, '¾': 3 / 4, '⅓': 1 / 3, '⅔': 2 / 3, '⅛': 1 / 8 };

/**
 * What a serving's text counts in: the word after its leading number ('1 cup, chopped (160 g)' → 'cup'), and that
 * number ('1 1/2', '1/2', '1.5', '½' and '1½' alike).
 */
export function servingUnitOf(servingSize: string | null): { unit: string; count: number } {
  const match = /^\s*(\d+\s+\d+\/\d+|\d+\/\d+|\d*[½¼¾⅓⅔⅛]|\d+(?:\.\d+)?)\s+([A-Za-z]+)/.exec(servingSize ?? '');
  if (!match) return { unit: SERVING, count: 1 };
  const count = amountOf(match[1]);
  return { unit: match[2].toLowerCase(), count: count > 0 ? count : 1 };
}

/** '1 1/2' → 1.5, '3/4' → 0.75, '1½' → 1.5, '2' → 2. */
function amountOf(number: string): number {
  const glyph = UNICODE_FRACTIONS[number.slice(-1)];
  if (glyph !== undefined) return (number.length > 1 ? Number(number.slice(0, -1)) : 0) + glyph;
  const [whole, fraction] = number.includes(' ') ? number.split(/\s+/) : [null, number];
  const [top, bottom] = fraction.split('/').map(Number);
  return (whole ? Number(whole) : 0) + (bottom ? top / bottom : top);
}

/** The units a food may be logged in (issue 7): its own serving's unit, a whole serving, and grams. */
export function servingUnitsFor(food: Pick<FoodSnapshot, 'servingSize'>): string[] {
  return [...new Set([servingUnitOf(food.servingSize).unit, SERVING, GRAMS])];
}

/**
 * How many of the food's servings an amount is: 'serving' counts servings, the food's own unit counts its units
 * ('2 slices (60 g)': 1 slice is half a serving), grams count against the serving's weight. Null when that is not
 * known (grams of a food that states no weight) or the unit is not one of `servingUnitsFor`.
 */
export function servingsEaten(food: Pick<FoodSnapshot, 'servingSize' | 'servingGrams'>, quantity: number, servingUnit: string): number | null {
  const unit = servingUnit.trim().toLowerCase();
  const own = servingUnitOf(food.servingSize);
  if (unit === GRAMS) return food.servingGrams ? quantity / food.servingGrams : null;
  if (unit === SERVING) return quantity;
  if (unit === own.unit) return quantity / own.count;
  return null;
}

/** The grams an amount weighs, when known. */
export function gramsEaten(food: Pick<FoodSnapshot, 'servingSize' | 'servingGrams'>, quantity: number, servingUnit: string): number | null {
  if (servingUnit.trim().toLowerCase() === GRAMS) return quantity;
  const servings = servingsEaten(food, quantity, servingUnit);
  return servings === null || !food.servingGrams ? null : round1(servings * food.servingGrams);
}

/** Calories of an amount, when the food states them per serving. */
export function caloriesEaten(food: Pick<FoodSnapshot, 'servingSize' | 'servingGrams' | 'caloriesPerServing'>, quantity: number, servingUnit: string): number | null {
  const servings = servingsEaten(food, quantity, servingUnit);
  return servings === null || food.caloriesPerServing === null ? null : Math.round(servings * food.caloriesPerServing);
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
