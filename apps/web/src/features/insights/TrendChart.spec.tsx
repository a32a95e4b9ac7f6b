import { cleanup, render } from '@testing-library/react';
import type { DailyInsight } from '@fodmap/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { TrendChart } from './TrendChart';

/** The chart's width on a 390 px phone, inside the screen's and the card's padding. */
const PHONE_CHART_WIDTH = 326;

/** `count` days ending on 2025-03-05, newest first as the server sends them; only the newest day has data. */
function daysEnding(count: number, newest: Partial<DailyInsight> = {}): DailyInsight[] {
  const end = Date.UTC(2025, 2, 5);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(end - index * 86_400_000).toISOString().slice(0, 10),
    mealsCount: 0,
    avgFodmapRisk: null,
    symptomCount: 0,
    ...(index === 0 ? newest : {}),
  }));
}

const tickLabels = (container: HTMLElement) => [...container.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map((label) => label.textContent);

beforeEach(() => {
  // jsdom lays nothing out: the chart measures its container as a phone would.
  const computed = window.getComputedStyle.bind(window);
  jest.spyOn(window, 'getComputedStyle').mockImplementation((element) => Object.assign(computed(element), { width: `${PHONE_CHART_WIDTH}px` }));
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('the trend chart at 390 px', () => {
  it.each([7, 14, 30, 90, 180, 365])('labels at most 6 days of a %i-day period', (period) => {
    const { container } = render(<TrendChart days={daysEnding(period)} height={200} />);
    const labels = tickLabels(container);
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.length).toBeLessThanOrEqual(6);
  });

  it('labels a year by every other month, and a week by every other day up to the newest', () => {
    const year = render(<TrendChart days={daysEnding(365)} height={200} />);
    expect(tickLabels(year.container)).toEqual(['May', 'Jul', 'Sep', 'Nov', 'Jan', 'Mar']);
    cleanup();
    const week = render(<TrendChart days={daysEnding(7)} height={200} />);
    expect(tickLabels(week.container)).toEqual(['Feb 27', 'Mar 1', 'Mar 3', 'Mar 5']);
  });
});

describe('the trend chart with one day of data', () => {
  it("marks that day's risk, which a line through one point cannot show", () => {
    const { container } = render(<TrendChart days={daysEnding(7, { mealsCount: 1, avgFodmapRisk: 25, symptomCount: 1 })} height={200} />);
    expect(container.querySelectorAll('.MuiLineChart-mark')).toHaveLength(1);
  });

  it('draws lines without marks once two days have a risk', () => {
    const days = daysEnding(7, { mealsCount: 1, avgFodmapRisk: 25 });
    days[3] = { ...days[3], mealsCount: 2, avgFodmapRisk: 50 };
    const { container } = render(<TrendChart days={days} height={200} />);
    expect(container.querySelectorAll('.MuiLineChart-mark')).toHaveLength(0);
  });
});
