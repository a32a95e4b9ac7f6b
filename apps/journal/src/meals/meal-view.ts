import { caloriesEaten, entryRating, fodmapRisk, Meal, MealFood, mealScoreBand, servingsEaten, stackMeal } from '@fodmap/contracts';
import { MealFoodRecord } from './meal-food.entity';

/** A food entry as the read query gives it: the stored columns, the food as it was when added. */
export type MealFoodRow = Pick<MealFoodRecord, 'id' | 'quantity' | 'servingUnit' | 'grams' | 'food'>;

/** A meal as the read query gives it: its columns, its foods in added order, its symptoms newest first. */
export type MealRow = Pick<Meal, 'id' | 'name' | 'mealType' | 'timestamp' | 'completed' | 'notes' | 'symptoms'> & { foods: MealFoodRow[] };

/** A meal's food entry as the browser sees it: the amount eaten rated and counted from the snapshot taken when it was added. */
export function toMealFood(row: MealFoodRow): MealFood {
  const { food, quantity, servingUnit, grams } = row;
  return {
    id: row.id,
    foodId: food.id,
    quantity,
    servingUnit,
    servingSize: food.servingSize,
    fodmapRating: food.fodmapRating,
    ratingAtQuantity: entryRating(food, grams, servingsEaten(food, quantity, servingUnit)),
    grams,
    calories: caloriesEaten(food, quantity, servingUnit),
    food,
  };
}

/** A meal with its scores (spec §4), stacking and calories. */
export function toMeal(row: MealRow): Meal {
  const foods = row.foods.map(toMealFood);
  const { risk, unknown } = fodmapRisk(foods.map((food) => food.ratingAtQuantity));
  const calories = foods.flatMap((food) => (food.calories === null ? [] : [food.calories]));
  return {
    id: row.id,
    name: row.name,
    mealType: row.mealType,
    timestamp: row.timestamp,
    completed: row.completed,
    notes: row.notes,
    foods,
    symptoms: row.symptoms,
    fodmapScore: risk,
    fodmapBand: mealScoreBand(foods.length, risk),
    unknownFoods: unknown,
    stacking: stackMeal(foods.map(({ food, grams }) => ({ food, grams }))),
    totalCalories: calories.length === 0 ? null : calories.reduce((sum, value) => sum + value, 0),
  };
}
