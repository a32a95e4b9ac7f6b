import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { DashboardStats } from '@fodmap/contracts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fakeApi, json, renderInApp } from '../../test-kit';
import { TodayOverview } from './TodayOverview';

const stats = (overrides: Partial<DashboardStats>): DashboardStats => ({
  todayScore: 90,
  todayBand: 'excellent',
  mealsLogged: 2,
  symptomsCount: 1,
  unknownFoods: 0,
  stackingWarnings: [],
  ...overrides,
});

function showStats(answer: DashboardStats | Response) {
  fakeApi((path) => (path === '/api/dashboard/stats' ? (answer instanceof Response ? answer : json(200, answer)) : undefined));
  renderInApp(<TodayOverview />);
}

const figure = (name: string) => screen.findByRole('group', { name });
/** The bands' text shades (score-tone.ts, the default theme) as jsdom computes them. */
const RGB = { green: 'rgb(27, 94, 32)', yellow: 'rgb(122, 86, 0)', orange: 'rgb(163, 74, 0)', red: 'rgb(198, 40, 40)' };

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe("Today's Overview (spec §2 Dashboard, §9 score bands)", () => {
  it.each([
    [100, 'excellent', 'Excellent', RGB.green],
    [80, 'excellent', 'Excellent', RGB.green],
    [79, 'good', 'Good', RGB.yellow],
    [60, 'good', 'Good', RGB.yellow],
    [59, 'fair', 'Fair', RGB.orange],
    [40, 'fair', 'Fair', RGB.orange],
    [39, 'poor', 'Poor', RGB.red],
  ] as const)('shows a score of %i as %s in its colour', async (todayScore, todayBand, word, colour) => {
    showStats(stats({ todayScore, todayBand }));
    const score = await figure('Today’s score');
    const [value, , band] = score.querySelectorAll('p, span');
    expect(value.textContent).toBe(String(todayScore));
    expect(band.textContent).toBe(word);
    expect(getComputedStyle(value).color).toBe(colour);
    expect(getComputedStyle(band).color).toBe(colour);
  });

  it('shows meals logged and the symptoms count', async () => {
    showStats(stats({ mealsLogged: 3, symptomsCount: 4 }));
    expect(within(await figure('Meals logged')).getByText('3')).toBeTruthy();
    expect(within(await figure('Symptoms')).getByText('4')).toBeTruthy();
  });

  it('shows a dash and why when nothing is logged yet', async () => {
    showStats(stats({ todayScore: null, todayBand: null, mealsLogged: 0, symptomsCount: 0 }));
    expect(within(await figure('Today’s score')).getByText('—')).toBeTruthy();
    expect(screen.getByText('No score yet: log a meal to see today’s score.')).toBeTruthy();
  });

  it('shows a dash and why when every food eaten is unknown-rated, and counts them apart', async () => {
    showStats(stats({ todayScore: null, todayBand: null, mealsLogged: 1, unknownFoods: 2 }));
    expect(within(await figure('Today’s score')).getByText('—')).toBeTruthy();
    expect(screen.getByText('No score: none of today’s foods has a known FODMAP rating.')).toBeTruthy();
    expect(screen.getByText('2 foods with an unknown FODMAP rating are not counted in the score.')).toBeTruthy();
  });

  it('warns of a meal whose foods stack over a cut-off, naming the group in plain words', async () => {
    showStats(stats({ stackingWarnings: [{ mealId: 4, mealName: 'Stir fry', groups: ['oligosaccharides'] }] }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('Stir fry');
    expect(warning.textContent).toContain('fructans and GOS (oligosaccharides)');
  });

  it('gives the score guide, saying how the day’s score and the meals’ FODMAP risk relate, after the spec’s 700 ms of hovering', async () => {
    jest.useFakeTimers();
    showStats(stats({}));
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Score guide' }));
    await act(() => jest.advanceTimersByTimeAsync(650));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(100));
    const guide = screen.getByRole('tooltip');
    for (const line of [
      'Today’s score is 100 minus the FODMAP risk of today’s foods, so higher is better; a meal’s FODMAP risk runs the other way, from 0 (mostly low) up.',
      '80–100 excellent (green)',
      '60–79 good (yellow)',
      '40–59 fair (orange)',
      'Below 40 poor (red)',
      'Unknown-rated foods are not counted.',
    ]) {
      expect(within(guide).getByText(line)).toBeTruthy();
    }
  });

  it('does not give the score guide when the pointer leaves before 700 ms', async () => {
    jest.useFakeTimers();
    showStats(stats({}));
    const button = screen.getByRole('button', { name: 'Score guide' });
    fireEvent.mouseOver(button);
    await act(() => jest.advanceTimersByTimeAsync(400));
    fireEvent.mouseOut(button);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('gives the score guide at once on a tap, and puts it away on a second tap, a tap elsewhere or Escape', async () => {
    showStats(stats({}));
    const button = screen.getByRole('button', { name: 'Score guide' });
    fireEvent.click(button);
    expect(within(screen.getByRole('tooltip')).getByText('Today’s score guide')).toBeTruthy();
    fireEvent.click(button);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('says when the figures cannot be read', async () => {
    showStats(json(500, { message: 'The journal service did not answer in time. Please try again.' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The journal service did not answer in time. Please try again.');
  });
});
