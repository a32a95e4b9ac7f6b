import { MealFoodAddedV1 } from '@fodmap/contracts';
import { journalCopyProjection, journalRows, KeyedWrites, StoredEvent } from '@fodmap/server';

/** The person's rows changed with this event: their version (the event's position) keys the cached analyses. */
const touched = (rows: KeyedWrites, { position, data }: StoredEvent<{ type: string; data: { userId: number } }>) => rows.upsert('user_versions', { user_id: data.userId, position });

/** An entry's whole row: the columns every copy has, and the food's id. */
const mealFoodRow = (entry: MealFoodAddedV1) => ({ ...journalRows.mealFood(entry), food_id: entry.food.id });

/**
 * The person's journal as the insights read it: `meals`, `meal_foods` (each entry rated at the amount eaten, with the
 * food as it was then) and `symptoms`, folded as every copy of the journal is (journalCopyProjection), and each
 * person's version in `user_versions`. It keeps no completion, so a correction upserts the whole meal again; whether
 * a meal is completed changes nothing the insights read: what was eaten is in its foods.
 */
export const journalHistoryProjection = journalCopyProjection({
  name: 'journal_history',
  tables: { meals: 'meals', mealFoods: 'meal_foods', symptoms: 'symptoms' },
  otherTables: { user_versions: 'user_id' },
  rows: { ...journalRows, mealFood: mealFoodRow },
  afterEach: ({ rows }, event) => touched(rows, event),
});
