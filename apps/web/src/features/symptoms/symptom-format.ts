import { type Severity, todayIn } from '@fodmap/contracts';

export const SEVERITY_LABELS: Record<Severity, string> = { none: 'None', mild: 'Mild', moderate: 'Moderate', severe: 'Severe' };

/** A severity's chip colour: worse is warmer; the word beside it carries the meaning too. */
export const SEVERITY_COLORS: Record<Severity, 'default' | 'success' | 'warning' | 'error'> = {
  none: 'default',
  mild: 'success',
  moderate: 'warning',
  severe: 'error',
};

/** '14:05' or '2:05 PM' as the phone's locale writes it, in the person's zone. */
export function timeOfDay(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** The calendar day `days` after (or before, when negative) a day, both YYYY-MM-DD. */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A day's heading in a log: 'Today', 'Yesterday', else the date written out ('Mon, 3 Mar 2025'). */
export function dayHeading(day: string, timeZone: string, now: Date = new Date()): string {
  const today = todayIn(timeZone, now);
  if (day === today) return 'Today';
  if (day === shiftDay(today, -1)) return 'Yesterday';
  // Noon UTC of the day names that day in every zone; the date is written as a date, with no zone to shift it.
  return new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}
