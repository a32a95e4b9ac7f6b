import { describe, expect, it } from '@jest/globals';
import { isoDateSchema } from './instant';

describe('isoDateSchema', () => {
  it('takes a calendar day that exists', () => {
    expect(isoDateSchema('date').parse('2024-02-29')).toBe('2024-02-29');
  });

  it('refuses a day that does not exist or is not a day with its message, never by throwing', () => {
    for (const value of ['2025-02-30', '2025-13-01', 'yesterday', '', '2025-1-1', '99999-01-01']) {
      const result = isoDateSchema('date').safeParse(value);
      expect({ value, issues: result.error?.issues.map((issue) => issue.message) }).toEqual({ value, issues: expect.arrayContaining(['date must be a date (YYYY-MM-DD)']) });
    }
  });
});
