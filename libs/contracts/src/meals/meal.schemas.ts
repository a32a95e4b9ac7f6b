import { z } from 'zod';
import { recordId } from '../ids';
import { JournalMessages } from '../journal-messages';
import { Messages } from '../messages';
import { MEAL_NAME_MAX_LENGTH, NOTES_MAX_LENGTH } from '../text-limits';
import { text } from '../text';
import { instantSchema, isoDateSchema } from '../time/instant';
import { MEAL_FOOD_QUANTITY, MEAL_TYPES, SERVING_UNIT_MAX_LENGTH } from './meal';

// The meal requests' schemas, apart from meal.ts: a screen that only shows meals never downloads zod.

export const createMealSchema = z.object({
  mealType: z.enum(MEAL_TYPES, { errorMap: () => ({ message: Messages.mealTypeInvalid }) }),
  name: text('Meal name', MEAL_NAME_MAX_LENGTH, { required: Messages.mealNameRequired }),
  timestamp: instantSchema(Messages.mealTimestampInvalid),
  notes: text('Notes', NOTES_MAX_LENGTH).optional(),
});
export type CreateMealInput = z.input<typeof createMealSchema>;

export const addMealFoodSchema = z.object({
  foodId: recordId(Messages.foodIdInvalid),
  quantity: z
    .number({ required_error: JournalMessages.quantityInvalid, invalid_type_error: JournalMessages.quantityInvalid })
    .min(MEAL_FOOD_QUANTITY.min, JournalMessages.quantityInvalid)
    .max(MEAL_FOOD_QUANTITY.max, JournalMessages.quantityInvalid)
    // Tenths only: 0.30000000000000004 is 0.3, 0.25 is not a step.
    .refine((quantity) => Math.abs(quantity * 10 - Math.round(quantity * 10)) < 1e-6, JournalMessages.quantityInvalid)
    .transform((quantity) => Math.round(quantity * 10) / 10),
  servingUnit: text('Serving unit', SERVING_UNIT_MAX_LENGTH, { required: JournalMessages.servingUnitRequired }),
});
export type AddMealFoodInput = z.input<typeof addMealFoodSchema>;

/** POST /api/meals/:id/repeat: the same foods and quantities as a new meal, at `timestamp` (default now). */
export const repeatMealSchema = z.object({ timestamp: instantSchema(Messages.mealTimestampInvalid).optional() });
export type RepeatMealInput = z.input<typeof repeatMealSchema>;

/** GET /api/meals: every meal, `?todayOnly=true` the caller's local today, `?date=YYYY-MM-DD` that local day. */
export const mealListQuerySchema = z
  .object({
    todayOnly: z.preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean({ invalid_type_error: JournalMessages.todayOnlyInvalid }).optional(),
    ),
    date: isoDateSchema('date').optional(),
  })
  .refine(({ todayOnly, date }) => !(todayOnly && date), JournalMessages.mealListQueryConflict);
export type MealListQuery = z.input<typeof mealListQuerySchema>;
