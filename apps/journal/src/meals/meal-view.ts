import { caloriesEaten, entryRating, fodmapRisk, Meal, MealFood, mealScoreBand, servingsEaten, stackMeal, Symptom } from '@fodmap/contracts';
import { MealFoodRecord } from './meal-food.entity';
import { MealRecord } from './meal.entity';

/** A meal's food entry as the browser sees it: the amount eaten rated and counted from the snapshot taken when it was added. */
export function toMealFood(record: MealFoodRecord): MealFood {
  const { food, quantity, servingUnit, grams } = record;
  return {
    id: record.id,
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

/** A meal with its scores (spec §4), stacking and calories, from its foods in added order and its symptoms newest first. */
export function toMeal(record: MealRecord, foods: MealFood[], symptoms: Symptom[]): Meal {
  const { risk, unknown } = fodmapRisk(foods.map((food) => food.ratingAtQuantity));
  const calories = foods.flatMap((food) => (food.calories === null ? [] : [food.calories]));
  return {
    id: record.id,
    name: record.name,
    mealType: record.mealType,
    timestamp: record.timestamp.toISOString(),
    completed: record.completed,
    notes: record.notes,
    foods,
    symptoms,
    fodmapScore: risk,
    fodmapBand: mealScoreBand(foods.length, risk),
    unknownFoods: unknown,
    stacking: stackMeal(foods.map(({ food, grams }) => ({ food, grams }))),
    totalCalories: calories.length === 0 ? null : calories.reduce((sum, value) => sum + value, 0),
  };
}
