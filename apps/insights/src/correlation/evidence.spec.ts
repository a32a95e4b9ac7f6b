import { describe, expect, it } from '@jest/globals';
import { evidenceLevel } from './evidence';

describe('evidence level', () => {
  it.each([
    // p·m ≤ 0.05: strong; ≤ 0.20: moderate (m = 10 foods tested)
    [{ p: 0.005, severityP: 0.5, tested: 10, rate: 0.8, baselineRate: 0.2 }, 'strong'],
    [{ p: 0.015, severityP: 0.5, tested: 10, rate: 0.8, baselineRate: 0.2 }, 'moderate'],
    // uncorrected p or the severity test alone: a signal to confirm
    [{ p: 0.04, severityP: 0.5, tested: 10, rate: 0.6, baselineRate: 0.2 }, 'to_confirm'],
    [{ p: 0.3, severityP: 0.01, tested: 10, rate: 0.4, baselineRate: 0.3 }, 'to_confirm'],
    [{ p: 0.3, severityP: 0.5, tested: 10, rate: 0.4, baselineRate: 0.3 }, 'no_link'],
    // not above the baseline: never strong or moderate, whatever p says
    [{ p: 0.001, severityP: 0.5, tested: 1, rate: 0.3, baselineRate: 0.3 }, 'no_link'],
    [{ p: 0.6, severityP: 0.01, tested: 1, rate: 0.2, baselineRate: 0.3 }, 'to_confirm'],
  ] as const)('%j is %s', (input, level) => {
    expect(evidenceLevel(input)).toBe(level);
  });

  it('lowers the level as more foods are tested with the same p', () => {
    const at = (tested: number) => evidenceLevel({ p: 0.01, severityP: 0.5, tested, rate: 0.7, baselineRate: 0.2 });
    expect([1, 5, 20, 30].map(at)).toEqual(['strong', 'strong', 'moderate', 'to_confirm']);
  });
});
