/**
 * Building a formatter costs about 0.1 ms, and a day's range takes seven: they were a third of the journal's time per
 * dashboard read (bench/dashboard.mjs profile). One of each kind is kept per zone, for as many zones as real traffic uses.
 */
const REMEMBERED_ZONES = 2000;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const known = cache.get(timeZone);
  if (known) return known;
  const created = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
  if (cache.size < REMEMBERED_ZONES) cache.set(timeZone, created);
  return created;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in an IANA time zone; throws on an unknown zone. */
export function localDay(instant: string | Date, timeZone: string): string {
  const parts = formatter(dayFormatters, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = formatter(wallClockFormatters, timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The first instant of a local calendar day (YYYY-MM-DD) in a zone; days that start at 01:00 (DST) are handled. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess can differ from the one at local midnight across a DST change: correct once more.
  let guess = midnightUtc - offsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
  guess = midnightUtc - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return localDay(new Date(guess), timeZone) === day ? new Date(guess) : new Date(guess + 3_600_000);
}

/**
 * Days' ranges already worked out, by zone and day (a range takes six formatters' work; today's is asked for on every
 * read of the home screen), at most REMEMBERED_RANGES of them: beyond that they start again from none.
 */
const REMEMBERED_RANGES = 10_000;
const dayRanges = new Map<string, { start: number; end: number }>();

/** The instants [start, end) of a local calendar day in a zone: 23, 24 or 25 hours long. */
export function localDayRange(day: string, timeZone: string): { start: Date; end: Date } {
  const key = `${timeZone}|${day}`;
  let range = dayRanges.get(key);
  if (range === undefined) {
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    range = { start: startOfLocalDay(day, timeZone).getTime(), end: startOfLocalDay(next, timeZone).getTime() };
    if (dayRanges.size >= REMEMBERED_RANGES) dayRanges.clear();
    dayRanges.set(key, range);
  }
  return { start: new Date(range.start), end: new Date(range.end) };
}

/** Per zone, today as last worked out and its range: until the zone's midnight, today needs no formatter. */
const todays = new Map<string, { day: string; start: number; end: number }>();

/** The calendar day (YYYY-MM-DD) it is now (or at `now`) in an IANA time zone; throws on an unknown zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const at = now.getTime();
  const known = todays.get(timeZone);
  if (known !== undefined && at >= known.start && at < known.end) return known.day;
  const day = localDay(now, timeZone);
  const { start, end } = localDayRange(day, timeZone);
  if (todays.size < REMEMBERED_ZONES || todays.has(timeZone)) todays.set(timeZone, { day, start: start.getTime(), end: end.getTime() });
  return day;
}

/** Every day from `start` to `end`, both included (YYYY-MM-DD). */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${start}T00:00:00Z`); day <= new Date(`${end}T00:00:00Z`); day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}
