import { z } from 'zod';
import { Messages } from '../messages';
import { MEAL_NAME_MAX_LENGTH, NOTES_MAX_LENGTH, text } from '../text';

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

/** An ISO 8601 date-time with offset and fractions is at most 35 characters; more is not a timestamp. */
const TIMESTAMP_MAX_LENGTH = 64;

export const createMealSchema = z.object({
  mealType: z.enum(MEAL_TYPES, { errorMap: () => ({ message: Messages.mealTypeInvalid }) }),
  name: text('Meal name', MEAL_NAME_MAX_LENGTH, { required: Messages.mealNameRequired }),
  timestamp: z
    .string({ required_error: Messages.mealTimestampInvalid, invalid_type_error: Messages.mealTimestampInvalid })
    .max(TIMESTAMP_MAX_LENGTH, Messages.mealTimestampInvalid)
    // Years 0000-9999 only: JavaScript also parses '+010000-01-01', which no ISO 8601 consumer of the event takes.
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-/.test(new Date(value).toISOString()), Messages.mealTimestampInvalid)
    .transform((value) => new Date(value).toISOString()),
  notes: text('Notes', NOTES_MAX_LENGTH).optional(),
});
export type CreateMealInput = z.input<typeof createMealSchema>;

/** Spec §3 Meal as the browser sees it. */
export interface Meal {
  id: number;
  name: string;
  mealType: MealType;
  timestamp: string;
  completed: boolean;
  notes: string | null;
  foods: unknown[];
  symptoms: unknown[];
}

const isoDate = (field: string) =>
  z
    .string({ required_error: `${field} is required`, invalid_type_error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${field} must be a date (YYYY-MM-DD)`);

/** The longest range of daily figures one request may ask for: a year, the longest insight period (spec §9). */
export const MAX_DAILY_RANGE_DAYS = 366;

export const dailyMealsQuerySchema = z
  .object({ startDate: isoDate('startDate'), endDate: isoDate('endDate') })
  .refine(({ startDate, endDate }) => startDate <= endDate, 'startDate must not be after endDate')
  .refine(
    ({ startDate, endDate }) => (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 < MAX_DAILY_RANGE_DAYS,
    `A range may span at most ${MAX_DAILY_RANGE_DAYS} days`,
  );
export type DailyMealsQuery = z.infer<typeof dailyMealsQuerySchema>;

/** One day of `Rpc.insights.dailyMeals`' answer: every day of the range, oldest first, 0 when nothing was logged. */
export interface DailyMealCount {
  date: string;
  mealsCount: number;
}
