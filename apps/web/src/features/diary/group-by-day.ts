import { localDay } from '@fodmap/contracts';

/** Entries (meals, symptoms) by the person's local day, newest day first; each day keeps the order given (newest first). */
export function groupByDay<T extends { timestamp: string }>(entries: readonly T[], timeZone: string): { day: string; entries: T[] }[] {
  const days = new Map<string, T[]>();
  for (const entry of entries) {
    const day = localDay(entry.timestamp, timeZone);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days.entries()].sort(([a], [b]) => b.localeCompare(a)).map(([day, dayEntries]) => ({ day, entries: dayEntries }));
}
