import { Meal, mealFoodEntry, scoreMealFoods } from '@fodmap/contracts';
import { MealFoodRecord } from './meal-food.entity';

/** A food entry as the read query gives it: the stored columns, the food as it was when added. */
export type MealFoodRow = Pick<MealFoodRecord, 'id' | 'quantity' | 'servingUnit' | 'grams' | 'food'>;

/** A meal as the read query gives it: its columns, its foods in added order, its symptoms newest first. */
export type MealRow = Pick<Meal, 'id' | 'name' | 'mealType' | 'timestamp' | 'completed' | 'notes' | 'symptoms'> & { foods: MealFoodRow[] };

/** A meal with its scores (spec §4), stacking and calories. */
export function toMeal(row: MealRow): Meal {
  const foods = row.foods.map(mealFoodEntry);
  return {
    id: row.id,
    name: row.name,
    mealType: row.mealType,
    timestamp: row.timestamp,
    completed: row.completed,
    notes: row.notes,
    foods,
    symptoms: row.symptoms,
    ...scoreMealFoods(foods),
  };
}
