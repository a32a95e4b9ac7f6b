import { defineJob } from '@fodmap/server';
import { z } from 'zod';

export const MEAL_EMAIL = 'meal';

/**
 * The email of a completed meal, composed when it runs. journal_digest enqueues it on MealCompleted in the transaction
 * that marks the meal completed, so the meal it reads is there: no waiting on another projection.
 */
export const mealEmailJob = defineJob({
  name: 'meal-email',
  payload: z.object({
    /** The MealCompleted event: the email's event id, so at most one email per completion. */
    eventId: z.string().min(1),
    mealId: z.number().int(),
    userId: z.number().int(),
    correlationId: z.string().nullable(),
  }),
  maxAttempts: 8,
});

/** The meal-email job's key: job keys are unique across a service's jobs, and the event id is its send-email's. */
export const mealEmailJobKey = (eventId: string) => `meal-email:${eventId}`;
