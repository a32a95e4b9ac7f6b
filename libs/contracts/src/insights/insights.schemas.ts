import { z } from 'zod';
import { isoDateSchema } from '../time/instant';
import {
  CORRELATION_PERIODS,
  type CorrelationPeriod,
  DEFAULT_CORRELATION_PERIOD,
  DEFAULT_INSIGHT_PERIOD,
  INSIGHT_PERIODS,
  type InsightPeriod,
  MAX_ACTIVITY_RANGE_DAYS,
  SYMPTOM_WINDOW,
  SYMPTOM_WINDOWS,
} from './insights';
import { InsightsMessages } from './insights-messages';

// The insights queries' schemas, apart from insights.ts: a screen that only shows insights never downloads zod.

/** A query string carries numbers as text ('7'); a service receives them as numbers (7). Anything else is left to fail. */
const queryNumber = (value: unknown) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value);

const wholeNumber = (message: string) => z.preprocess(queryNumber, z.number({ invalid_type_error: message, required_error: message }).int(message));

const oneOf = <T extends number>(values: readonly T[], message: string) =>
  z.preprocess(queryNumber, z.custom<T>((value) => (values as readonly unknown[]).includes(value), message));

/**
 * GET /api/insights/activity?startDate&endDate&period (spec §7). With both dates, that range; otherwise the `period`
 * days (default 7) ending on endDate, or on the caller's today. Unknown parameters (the client's `_t`) are ignored.
 */
export const activityQuerySchema = z
  .object({
    startDate: isoDateSchema('startDate').optional(),
    endDate: isoDateSchema('endDate').optional(),
    period: oneOf<InsightPeriod>(INSIGHT_PERIODS, InsightsMessages.periodInvalid).optional(),
  })
  .refine(({ startDate, endDate }) => startDate === undefined || endDate !== undefined, InsightsMessages.startDateNeedsEndDate)
  .refine(({ startDate, endDate }) => startDate === undefined || endDate === undefined || startDate <= endDate, InsightsMessages.startAfterEnd)
  .refine(
    ({ startDate, endDate }) => startDate === undefined || endDate === undefined || (Date.parse(endDate) - Date.parse(startDate)) / 86_400_000 < MAX_ACTIVITY_RANGE_DAYS,
    InsightsMessages.rangeTooLong,
  );
export type ActivityQuery = z.input<typeof activityQuerySchema>;

/** The days an activity query covers, oldest and newest, given the caller's today. */
export function activityRange(query: z.output<typeof activityQuerySchema>, today: string): { startDate: string; endDate: string } {
  const endDate = query.endDate ?? today;
  if (query.startDate !== undefined) return { startDate: query.startDate, endDate };
  const start = new Date(`${endDate}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - ((query.period ?? DEFAULT_INSIGHT_PERIOD) - 1));
  return { startDate: start.toISOString().slice(0, 10), endDate };
}

/**
 * GET /api/insights/correlation and /api/insights/fodmap-groups: `period` days (7, 14, 30 default, 90) ending now;
 * `afterFrom`/`afterTo` the hours before an unlinked symptom in which a meal counts as before it: one of SYMPTOM_WINDOWS
 * (default 1 to 8).
 */
export const correlationQuerySchema = z
  .object({
    period: oneOf<CorrelationPeriod>(CORRELATION_PERIODS, InsightsMessages.correlationPeriodInvalid).default(DEFAULT_CORRELATION_PERIOD),
    afterFrom: wholeNumber(InsightsMessages.windowInvalid).default(SYMPTOM_WINDOW.fromHours),
    afterTo: wholeNumber(InsightsMessages.windowInvalid).default(SYMPTOM_WINDOW.toHours),
  })
  .refine(({ afterFrom, afterTo }) => SYMPTOM_WINDOWS.some(({ fromHours, toHours }) => fromHours === afterFrom && toHours === afterTo), InsightsMessages.windowInvalid);
export type CorrelationQuery = z.input<typeof correlationQuerySchema>;
