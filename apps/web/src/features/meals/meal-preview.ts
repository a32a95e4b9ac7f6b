import { foodSnapshotOf, gramsEaten, mealFoodEntry, type MealScore, scoreMealFoods, type Meal, type MealFood } from '@fodmap/contracts';
import type { BuilderItem } from './meal-builder';

/** One builder item as the meal will hold it; `id` is a stand-in until the server numbers the entry. */
export function mealFoodOf({ food, quantity, servingUnit }: BuilderItem, id: number): MealFood {
  const snapshot = foodSnapshotOf(food);
  return mealFoodEntry({ id, quantity, servingUnit, grams: gramsEaten(snapshot, quantity, servingUnit), food: snapshot });
}

/** The builder's live preview: the foods as the meal will hold them, its FODMAP risk, stacking and calories once saved. */
export function previewItems(items: readonly BuilderItem[]): MealScore & Pick<Meal, 'foods'> {
  const foods = items.map((item, index) => mealFoodOf(item, index));
  return { foods, ...scoreMealFoods(foods) };
}
