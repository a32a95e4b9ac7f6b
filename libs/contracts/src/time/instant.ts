import { z } from 'zod';

/** An ISO 8601 date-time with offset and fractions is at most 35 characters; more is not a timestamp. */
const TIMESTAMP_MAX_LENGTH = 64;

/** The earliest time a journal entry may have (issue 20). */
export const EARLIEST_INSTANT_MS = Date.UTC(1900, 0, 1);
export const instantTooEarly = 'Time must not be before 1900';

/**
 * A date-time as a client sends it, stored as UTC ISO 8601. Years 0000-9999 only: JavaScript also parses
 * '+010000-01-01', which no ISO 8601 consumer of the event takes.
 */
export const instantSchema = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .max(TIMESTAMP_MAX_LENGTH, message)
    .refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-/.test(new Date(value).toISOString()), message)
    // Issue 20: nobody logs a meal or a symptom of before 1900; such a time is a typo that would sit first in every history.
    .refine((value) => !(Date.parse(value) < EARLIEST_INSTANT_MS), instantTooEarly)
    .transform((value) => new Date(value).toISOString());

/** How far ahead of the server's clock a phone's clock may run before "now" on it counts as the future. */
export const CLOCK_SKEW_MS = 60_000;

const dateMessage = (field: string) => `${field} must be a date (YYYY-MM-DD)`;

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDateSchema = (field: string) =>
  z
    .string({ required_error: `${field} is required`, invalid_type_error: dateMessage(field) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, dateMessage(field))
    // Zod runs a refinement after a failed regex too: 'yesterday' reaches it, and an invalid Date's toISOString throws.
    .refine((value) => new Date(`${value}T00:00:00Z`).toJSON()?.slice(0, 10) === value, dateMessage(field));
