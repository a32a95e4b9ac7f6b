import { z } from 'zod';
import { Messages } from '../messages';

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
