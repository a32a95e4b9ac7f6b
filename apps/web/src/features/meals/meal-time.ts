import { CLOCK_SKEW_MS, JournalMessages, MEAL_TYPES, type Meal, type MealType } from '@fodmap/contracts';

// When a meal was eaten, as the phone's form holds it: wall-clock times of the phone, which a datetime-local field shows.

/** The meal most people are having at this hour: breakfast in the morning, lunch at midday, dinner in the evening. */
export function mealTypeAt(date: Date): MealType {
  const hour = date.getHours();
  if (hour >= 5 && hour < 11) return 'breakfast';
  if (hour >= 11 && hour < 15) return 'lunch';
  if (hour >= 17 && hour < 22) return 'dinner';
  return 'snack';
}

/**
 * When a meal was eaten and its type as the form holds them. `at` null is 'now', read when the meal is saved;
 * `chosenType` null lets the type follow the time until the person picks one.
 */
export interface MealWhen {
  at: Date | null;
  chosenType: MealType | null;
}

export const mealTypeOf = (when: MealWhen, now: Date): MealType => when.chosenType ?? mealTypeAt(when.at ?? now);

/** The server refuses a time more than its clock skew ahead (issue 18). */
const isFuture = (at: Date, now: Date) => at.getTime() > now.getTime() + CLOCK_SKEW_MS;

/** When nobody has meals of a type yet: minutes after midnight. */
const DEFAULT_USUAL_MINUTES: Record<MealType, number> = { breakfast: 8 * 60, lunch: 12 * 60 + 30, dinner: 19 * 60, snack: 15 * 60 + 30 };

const minutesOf = (date: Date) => date.getHours() * 60 + date.getMinutes();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** Each type's usual time: the median time of the person's own meals of that type (one odd late lunch moves it little), else the default. */
export function usualMinutes(meals: readonly Pick<Meal, 'mealType' | 'timestamp'>[]): Record<MealType, number> {
  const usual = { ...DEFAULT_USUAL_MINUTES };
  for (const type of MEAL_TYPES) {
    const times = meals.filter((meal) => meal.mealType === type).map((meal) => minutesOf(new Date(meal.timestamp)));
    if (times.length > 0) usual[type] = median(times);
  }
  return usual;
}

/** The latest moment at that time of day that is not after now: today's if already past, else yesterday's. */
export function lastAt(minutes: number, now: Date): Date {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.floor(minutes / 60), minutes % 60);
  return today.getTime() <= now.getTime() ? today : new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, Math.floor(minutes / 60), minutes % 60);
}

/** A moment as a datetime-local field holds it: the phone's wall-clock time to the minute. */
export function toLocalInput(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** What a datetime-local field holds as a moment; null for an empty or unreadable value. */
export function fromLocalInput(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What stops the time from being saved, in the server's words. */
export const mealWhenProblem = (when: MealWhen, now: Date): string | undefined => (when.at && isFuture(when.at, now) ? JournalMessages.mealTimestampFuture : undefined);
