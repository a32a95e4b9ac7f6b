import { pageQueryShape, wholeDayIsNotPaged } from '../http/page';
import { z } from 'zod';
import { recordId } from '../ids';
import { JournalMessages } from '../journal-messages';
import { Messages } from '../messages';
import { MEAL_NAME_MAX_LENGTH, NOTES_MAX_LENGTH } from '../text-limits';
import { text } from '../text';
import { instantSchema, isoDateSchema } from '../time/instant';
import { MEAL_FOOD_QUANTITY, MEAL_TYPES, SERVING_UNIT_MAX_LENGTH } from './meal';

// The meal requests' schemas, apart from meal.ts: a screen that only shows meals never downloads zod.

const mealTypeSchema = z.enum(MEAL_TYPES, { errorMap: () => ({ message: Messages.mealTypeInvalid }) });
const mealNameSchema = text('Meal name', MEAL_NAME_MAX_LENGTH, { required: Messages.mealNameRequired });
const mealNotesSchema = text('Notes', NOTES_MAX_LENGTH);

/** Spec §5, §9: at least 0.1 in steps of 0.1. */
const quantitySchema = z
  .number({ required_error: JournalMessages.quantityInvalid, invalid_type_error: JournalMessages.quantityInvalid })
  .min(MEAL_FOOD_QUANTITY.min, JournalMessages.quantityInvalid)
  .max(MEAL_FOOD_QUANTITY.max, JournalMessages.quantityInvalid)
  // Tenths only: 0.30000000000000004 is 0.3, 0.25 is not a step.
  .refine((quantity) => Math.abs(quantity * 10 - Math.round(quantity * 10)) < 1e-6, JournalMessages.quantityInvalid)
  .transform((quantity) => Math.round(quantity * 10) / 10);
const servingUnitSchema = text('Serving unit', SERVING_UNIT_MAX_LENGTH, { required: JournalMessages.servingUnitRequired });

export const addMealFoodSchema = z.object({
  foodId: recordId(Messages.foodIdInvalid),
  quantity: quantitySchema,
  servingUnit: servingUnitSchema,
});
export type AddMealFoodInput = z.input<typeof addMealFoodSchema>;

/** The most foods one meal may be created with in one request (a builder holds far fewer). */
export const MEAL_FOODS_MAX = 50;

/**
 * POST /api/meals. `timestamp` is when the meal was eaten (any past time, not in the future beyond the clock skew).
 * With `foods` the meal is created with them, all or nothing, in one event batch (issue 18): the builder's one request.
 */
export const createMealSchema = z.object({
  mealType: mealTypeSchema,
  name: mealNameSchema,
  timestamp: instantSchema(Messages.mealTimestampInvalid),
  notes: mealNotesSchema.optional(),
  foods: z
    .array(addMealFoodSchema, { invalid_type_error: JournalMessages.mealFoodsInvalid })
    .max(MEAL_FOODS_MAX, JournalMessages.mealFoodsTooMany)
    .optional(),
});
export type CreateMealInput = z.input<typeof createMealSchema>;

/**
 * PATCH /api/meals/:id: a correction of when the meal was eaten, its type, name or notes (issue 18). Only the fields
 * sent change; at least one must be sent. `notes: null` (or blank) clears the notes. A completed meal can be corrected;
 * a deleted one cannot (409).
 */
export const updateMealSchema = z
  .object({
    mealType: mealTypeSchema.optional(),
    name: mealNameSchema.optional(),
    timestamp: instantSchema(Messages.mealTimestampInvalid).optional(),
    notes: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), mealNotesSchema.nullable().optional()),
  })
  .strict(JournalMessages.mealUpdateUnknownField)
  .refine((input) => Object.values(input).some((value) => value !== undefined), JournalMessages.nothingToUpdate);
export type UpdateMealInput = z.input<typeof updateMealSchema>;

/** PATCH /api/meals/:id/foods/:entryId: the amount eaten (issue 18), also on a completed meal. */
export const updateMealFoodSchema = z.object({ quantity: quantitySchema, servingUnit: servingUnitSchema }).strict(JournalMessages.mealFoodUpdateUnknownField);
export type UpdateMealFoodInput = z.input<typeof updateMealFoodSchema>;

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
    ...pageQueryShape,
  })
  .refine(({ todayOnly, date }) => !(todayOnly && date), JournalMessages.mealListQueryConflict)
  .refine(({ todayOnly, date, limit, cursor }) => !((todayOnly || date) && (limit !== undefined || cursor !== undefined)), wholeDayIsNotPaged);
export type MealListQuery = z.input<typeof mealListQuerySchema>;
