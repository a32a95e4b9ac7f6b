import { describe, expect, it } from '@jest/globals';
import { correlationLabelOf, insightRiskColour, riskBarPercent, severityLabelOf } from './insights';
import { InsightsMessages } from './insights-messages';
import { activityQuerySchema, activityRange, correlationQuerySchema } from './insights.schemas';

const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('insight scales of spec §9', () => {
  it('colours a risk green up to 20, yellow up to 40, orange up to 70, red above', () => {
    expect([0, 20, 21, 40, 41, 70, 71, 100].map(insightRiskColour)).toEqual(['green', 'green', 'yellow', 'yellow', 'orange', 'orange', 'red', 'red']);
  });

  it('draws the risk bar at least 15% wide on a day with meals and empty on a day without', () => {
    expect(riskBarPercent({ mealsCount: 0, avgFodmapRisk: null })).toBe(0);
    expect(riskBarPercent({ mealsCount: 2, avgFodmapRisk: 0 })).toBe(15);
    expect(riskBarPercent({ mealsCount: 1, avgFodmapRisk: null })).toBe(15);
    expect(riskBarPercent({ mealsCount: 3, avgFodmapRisk: 42 })).toBe(42);
  });

  it('labels a correlation rate from 0.7 High Risk, 0.5 Moderate, 0.3 Low, below Safe', () => {
    expect([0.7, 0.69, 0.5, 0.3, 0.29, 0].map((rate) => correlationLabelOf(rate).label)).toEqual(['High Risk', 'Moderate Risk', 'Moderate Risk', 'Low Risk', 'Safe', 'Safe']);
    expect(correlationLabelOf(0.8).recommendation).toBe('Avoid');
  });

  it('names a severity from 3 Severe, 2 Moderate, 1 Mild, else None', () => {
    expect([3.5, 3, 2.9, 2, 1, 0.9, 0].map(severityLabelOf)).toEqual(['Severe', 'Severe', 'Moderate', 'Moderate', 'Mild', 'None', 'None']);
  });
});

describe('activity query', () => {
  it('takes the period from a query string and ignores the client cache-buster', () => {
    const parsed = activityQuerySchema.parse({ period: '30', _t: '1732312345' });
    expect(parsed).toEqual({ period: 30 });
    expect(activityRange(parsed, '2026-11-23')).toEqual({ startDate: '2026-10-25', endDate: '2026-11-23' });
  });

  it('defaults to the 7 days ending today, or ending on endDate', () => {
    expect(activityRange(activityQuerySchema.parse({}), '2026-03-02')).toEqual({ startDate: '2026-02-24', endDate: '2026-03-02' });
    expect(activityRange(activityQuerySchema.parse({ endDate: '2026-01-03', period: 14 }), '2026-11-23')).toEqual({ startDate: '2025-12-21', endDate: '2026-01-03' });
  });

  it('uses startDate and endDate as given', () => {
    expect(activityRange(activityQuerySchema.parse({ startDate: '2026-01-01', endDate: '2026-01-31', period: '7' }), '2026-11-23')).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
  });

  it.each([
    [{ period: '8' }, InsightsMessages.periodInvalid],
    [{ period: '7.5' }, InsightsMessages.periodInvalid],
    [{ period: ['7', '14'] }, InsightsMessages.periodInvalid],
    [{ period: '' }, InsightsMessages.periodInvalid],
    [{ startDate: '2026-01-01' }, InsightsMessages.startDateNeedsEndDate],
    [{ startDate: '2026-02-01', endDate: '2026-01-01' }, InsightsMessages.startAfterEnd],
    [{ startDate: '2024-01-01', endDate: '2025-01-01' }, InsightsMessages.rangeTooLong],
    [{ endDate: '2026-02-30' }, 'endDate must be a date (YYYY-MM-DD)'],
  ])('refuses %j', (query, message) => {
    expect(problem(activityQuerySchema.safeParse(query))).toBe(message);
  });
});

describe('correlation query', () => {
  it('defaults to 30 days and the 1 to 8 hour window', () => {
    expect(correlationQuerySchema.parse({})).toEqual({ period: 30, afterFrom: 1, afterTo: 8 });
    expect(correlationQuerySchema.parse({ period: '90', afterFrom: '1', afterTo: '12' })).toEqual({ period: 90, afterFrom: 1, afterTo: 12 });
    expect(correlationQuerySchema.parse({ afterFrom: '0' })).toEqual({ period: 30, afterFrom: 0, afterTo: 8 });
  });

  it.each([
    [{ period: '180' }, InsightsMessages.correlationPeriodInvalid],
    [{ period: 'abc' }, InsightsMessages.correlationPeriodInvalid],
    [{ afterFrom: '8', afterTo: '8' }, InsightsMessages.windowInvalid],
    [{ afterTo: '49' }, InsightsMessages.windowInvalid],
    [{ afterFrom: '-1' }, InsightsMessages.windowInvalid],
    // Issue 20: a window of 0 to 48 h that is not a preset is refused, naming the presets.
    [{ afterFrom: '0', afterTo: '12' }, 'afterFrom and afterTo must be one of these windows (hours): 1-8, 0-8, 4-8, 1-12'],
    [{ afterFrom: '2', afterTo: '6' }, InsightsMessages.windowInvalid],
  ])('refuses %j', (query, message) => {
    expect(problem(correlationQuerySchema.safeParse(query))).toBe(message);
  });
});
