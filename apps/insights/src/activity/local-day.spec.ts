import { describe, expect, it } from '@jest/globals';
import { daysBetween, localDay } from './local-day';

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
