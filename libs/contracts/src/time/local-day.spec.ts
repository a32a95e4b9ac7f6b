import { describe, expect, it } from '@jest/globals';
import { daysBetween, localDay, localDayRange } from './local-day';

describe('local days', () => {
  it('places 23:30 in Los Angeles on that local day, though it is the next day in UTC', () => {
    expect(localDay('2026-03-10T06:30:00Z', 'America/Los_Angeles')).toBe('2026-03-09');
  });

  it('gives a 24-hour day its local midnights', () => {
    expect(localDayRange('2026-07-01', 'America/Los_Angeles')).toEqual({ start: new Date('2026-07-01T07:00:00Z'), end: new Date('2026-07-02T07:00:00Z') });
    expect(localDayRange('2026-07-01', 'Asia/Kolkata')).toEqual({ start: new Date('2026-06-30T18:30:00Z'), end: new Date('2026-07-01T18:30:00Z') });
  });

  it('gives the days clocks change 23 and 25 hours', () => {
    const spring = localDayRange('2026-03-08', 'America/New_York');
    const autumn = localDayRange('2026-10-25', 'Europe/London');
    expect(spring).toEqual({ start: new Date('2026-03-08T05:00:00Z'), end: new Date('2026-03-09T04:00:00Z') });
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
  });

  it('starts a day that has no midnight (Santiago springs forward at 00:00) at its first hour', () => {
    const { start } = localDayRange('2026-09-06', 'America/Santiago');
    expect(localDay(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDay(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });
});


describe('localDay', () => {
  it("places an evening meal in New York on that evening's day, not the next UTC day", () => {
    expect(localDay('2025-03-10T02:30:00.000Z', 'America/New_York')).toBe('2025-03-09');
  });

  it("places an early meal in Tokyo on Tokyo's day, ahead of UTC", () => {
    expect(localDay('2025-03-09T20:00:00.000Z', 'Asia/Tokyo')).toBe('2025-03-10');
  });

  it('rejects an unknown time zone', () => {
    expect(() => localDay('2025-03-09T20:00:00.000Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('lists every day of a range across a month end, both ends included', () => {
    expect(daysBetween('2025-02-27', '2025-03-02')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
  });
});
