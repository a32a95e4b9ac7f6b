import { describe, expect, it } from '@jest/globals';
import { canonicalTimeZone } from './time-zone';

describe('canonicalTimeZone', () => {
  it('accepts an IANA zone and returns its canonical spelling', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('rejects a name that is not a time zone', () => {
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('not a zone')).toBeNull();
  });
});
