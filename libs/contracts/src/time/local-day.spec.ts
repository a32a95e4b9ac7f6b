import { describe, expect, it } from '@jest/globals';
import { daysBetween, localDay, localDayRange, todayIn } from './local-day';

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

  it('gives a remembered range as a copy: changing the Dates it gave changes nothing', () => {
    const first = localDayRange('2026-07-01', 'Europe/Berlin');
    first.start.setTime(0);
    expect(localDayRange('2026-07-01', 'Europe/Berlin').start).toEqual(new Date('2026-06-30T22:00:00Z'));
  });
});

describe('todayIn', () => {
  it("is the zone's day now, and moves on at the zone's midnight, not at UTC's", () => {
    const zone = 'America/Los_Angeles';
    expect(todayIn(zone, new Date('2026-03-10T06:30:00Z'))).toBe('2026-03-09');
    // The same zone again, within the day it remembers, then just before and at the next local midnight.
    expect(todayIn(zone, new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-09');
    expect(todayIn(zone, new Date('2026-03-10T06:59:59.999Z'))).toBe('2026-03-09');
    expect(todayIn(zone, new Date('2026-03-10T07:00:00Z'))).toBe('2026-03-10');
    // And back to an earlier day than the one it remembers.
    expect(todayIn(zone, new Date('2026-03-09T06:59:59Z'))).toBe('2026-03-08');
  });

  it('agrees with localDay on every hour around a change of the clocks', () => {
    const zone = 'Europe/London';
    for (let at = Date.parse('2026-10-24T00:00:00Z'); at < Date.parse('2026-10-27T00:00:00Z'); at += 1_800_000) {
      expect(todayIn(zone, new Date(at))).toBe(localDay(new Date(at), zone));
    }
  });

  it('rejects an unknown time zone', () => {
    expect(() => todayIn('Mars/Olympus')).toThrow(RangeError);
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
