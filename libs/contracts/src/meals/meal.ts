import { z } from 'zod';
import { Messages } from '../messages';
import { Caller } from '../subjects';

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const createMealSchema = z.object({
  mealType: z.enum(MEAL_TYPES, { errorMap: () => ({ message: Messages.mealTypeInvalid }) }),
  name: z.string({ required_error: Messages.mealNameRequired, invalid_type_error: Messages.mealNameRequired }).trim().min(1, Messages.mealNameRequired).max(200, 'Meal name must be at most 200 characters'),
  timestamp: z
    .string({ required_error: Messages.mealTimestampInvalid, invalid_type_error: Messages.mealTimestampInvalid })
    .refine((value) => !Number.isNaN(Date.parse(value)), Messages.mealTimestampInvalid)
    .transform((value) => new Date(value).toISOString()),
  notes: z.string().max(2000).optional(),
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

/** `Rpc.journal.createMeal`: the gateway forwards the browser's body as `input`, unvalidated. */
export interface CreateMealRequest {
  caller: Caller;
  input: unknown;
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

/** `Rpc.insights.dailyMeals`: days are the caller's own calendar days, both ends included. */
export interface DailyMealsRequest {
  caller: Caller;
  input: unknown;
}

/** One day of `Rpc.insights.dailyMeals`' answer: every day of the range, oldest first, 0 when nothing was logged. */
export interface DailyMealCount {
  date: string;
  mealsCount: number;
}
