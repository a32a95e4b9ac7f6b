// Only the builder's items here, which the dashboard's first screen holds (its floating button, 'add to builder'):
// the preview, the foods rated and scored as the meal will hold them, is meal-preview.ts, loaded with the builder's dialog.
import { GRAMS, MEAL_FOOD_QUANTITY, SERVING, servingUnitOf, type Food } from '@fodmap/contracts';

/** Spec §3 Meal builder item: client-side only until the meal is saved. */
export interface BuilderItem {
  food: Food;
  quantity: number;
  servingUnit: string;
}

/** Spec §5: 'X meal' for one food, 'X & Y' for two, 'X & N other foods' for more. */
export function defaultMealName(foods: readonly Pick<Food, 'name'>[]): string {
  if (foods.length === 0) return '';
  if (foods.length === 1) return `${foods[0].name} meal`;
  if (foods.length === 2) return `${foods[0].name} & ${foods[1].name}`;
  return `${foods[0].name} & ${foods.length - 1} other foods`;
}

const toStep = (quantity: number) => Math.round(quantity / MEAL_FOOD_QUANTITY.step) * MEAL_FOOD_QUANTITY.step;
const tenths = (quantity: number) => Math.round(quantity * 10) / 10;

/** Spec §5: a quantity in steps of 0.1 from 0.1; anything that is not such a number falls back to 0.1. */
export function parseQuantity(typed: string): number {
  const quantity = tenths(toStep(Number(typed.trim().replace(',', '.'))));
  if (typed.trim() === '' || !Number.isFinite(quantity) || quantity < MEAL_FOOD_QUANTITY.min) return MEAL_FOOD_QUANTITY.min;
  return Math.min(quantity, MEAL_FOOD_QUANTITY.max);
}

/** The unit a food is first offered in (spec §3: its serving's word, else 'serving'). */
export const defaultUnitOf = (food: Pick<Food, 'servingSize'>) => servingUnitOf(food.servingSize).unit;

/**
 * The quantity a food is first offered in: its serving, counted in its unit ('½ cup' → 0.5, '2 slices' → 2), since a
 * catalogue rating holds at that serving only. Rounded down to a step, so the amount never passes the rated serving.
 */
export function defaultQuantityOf(food: Pick<Food, 'servingSize'>): number {
  const { count } = servingUnitOf(food.servingSize);
  const steps = Math.floor(count / MEAL_FOOD_QUANTITY.step + 1e-9);
  return Math.min(Math.max(tenths(steps * MEAL_FOOD_QUANTITY.step), MEAL_FOOD_QUANTITY.min), MEAL_FOOD_QUANTITY.max);
}

export function newBuilderItem(food: Food): BuilderItem {
  return { food, quantity: defaultQuantityOf(food), servingUnit: defaultUnitOf(food) };
}

/**
 * Spec §4: adding a food already in the builder increases its quantity instead of listing it twice, by one more
 * serving in the unit it is counted in (0.5 more for a '½ cup' serving counted in cups, its weight in grams).
 */
export function addToItems(items: readonly BuilderItem[], food: Food): { items: BuilderItem[]; merged: boolean } {
  const at = items.findIndex((item) => item.food.id === food.id);
  if (at < 0) return { items: [...items, newBuilderItem(food)], merged: false };
  const item = items[at];
  const more = item.servingUnit === GRAMS ? (food.servingGrams ?? MEAL_FOOD_QUANTITY.default) : item.servingUnit === SERVING ? 1 : defaultQuantityOf(food);
  const merged = { ...item, quantity: Math.min(tenths(item.quantity + more), MEAL_FOOD_QUANTITY.max) };
  return { items: items.map((current, index) => (index === at ? merged : current)), merged: true };
}
