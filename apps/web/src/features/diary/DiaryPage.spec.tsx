import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Meal, Symptom } from '@fodmap/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aMeal, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { BrandingProvider } from '../branding/BrandingProvider';
import { freezeClock } from '../meals/clock-fixtures';
import { DiaryPage } from './DiaryPage';

// Ann is in Los Angeles, where it is noon on 3 March 2025 (20:00 UTC).
const NOON_IN_LA = new Date('2025-03-03T20:00:00.000Z');
const porridge = aMeal({ id: 1, name: 'Porridge', mealType: 'breakfast', timestamp: '2025-03-03T16:00:00.000Z' });
const salad = aMeal({ id: 2, name: 'Salad', timestamp: '2025-03-03T19:30:00.000Z' });
const bloating: Symptom = { id: 5, symptomType: 'bloating', severity: 'mild', notes: 'after coffee', timestamp: '2025-03-03T19:05:00.000Z', mealId: 1 };
const pasta = aMeal({ id: 3, name: 'Late pasta', mealType: 'dinner', timestamp: '2025-03-03T06:30:00.000Z' });

/** The gateway's days: today's meals and symptoms, and 2 March's late pasta. */
function diaryApi({ remove = () => json(200, { message: 'Meal deleted successfully' }) }: { remove?: () => Response } = {}) {
  let today: Meal[] = [salad, porridge];
  return fakeApi((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/meals?todayOnly=true') return json(200, today);
    if (path === '/api/symptoms?date=2025-03-03') return json(200, [bloating]);
    if (path === '/api/meals?date=2025-03-02') return json(200, [pasta]);
    if (path === '/api/meals/1' && method === 'DELETE') {
      const answer = remove();
      if (answer.ok) today = today.filter((meal) => meal.id !== 1);
      return answer;
    }
    if (path === '/api/symptoms/5' && method === 'PATCH') return json(200, { ...bloating, ...JSON.parse(String(init?.body)) });
    if (path === '/api/domain-config') return json(200, { displayName: 'Gut Diary' });
    if (path.startsWith('/api/') && path !== '/api/auth/user') return json(200, []);
    return undefined;
  });
}

const renderDiary = () =>
  renderInApp(
    <BrandingProvider>
      <DiaryPage />
    </BrandingProvider>,
  );
const timeline = () => screen.getByRole('list', { name: /^Meals and symptoms/ });
const entries = () => within(timeline()).getAllByRole('article').map((entry) => entry.getAttribute('aria-label'));

beforeAll(loadToastSnackbar);
beforeEach(() => freezeClock(NOON_IN_LA));
afterEach(() => {
  cleanup();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Food Diary: one day as one timeline (spec §2 Diary, issue 18)', () => {
  it('shows the day’s meals and symptoms together in the order they happened', async () => {
    diaryApi();
    renderDiary();
    expect(screen.getByRole('heading', { name: 'Food Diary' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Bloating' });
    expect(entries()).toEqual(['Porridge', 'Bloating', 'Salad']);
    const symptom = within(timeline()).getByRole('article', { name: 'Bloating' });
    expect(symptom.textContent).toContain('after Porridge');
    expect(symptom.textContent).toContain('after coffee');
  });

  it('moves to the previous day and back; there is no next day after today', async () => {
    const fetchMock = diaryApi();
    renderDiary();
    await screen.findByRole('article', { name: 'Porridge' });
    expect(screen.getByRole('heading', { name: 'Today' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next day' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByRole('article', { name: 'Late pasta' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Yesterday' })).toBeTruthy();
    expect(entries()).toEqual(['Late pasta']);
    expect(requests(fetchMock)).toEqual(expect.arrayContaining(['GET /api/meals?date=2025-03-02', 'GET /api/symptoms?date=2025-03-02']));

    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('article', { name: 'Porridge' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next day' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Show day'), { target: { value: '2025-02-14' } });
    expect(await screen.findByText('Nothing logged on this day')).toBeTruthy();
    expect(requests(fetchMock)).toEqual(expect.arrayContaining(['GET /api/meals?date=2025-02-14', 'GET /api/symptoms?date=2025-02-14']));
  });

  it('deletes a meal only after confirmation, and it is gone', async () => {
    const fetchMock = diaryApi();
    renderDiary();
    const card = await screen.findByRole('article', { name: 'Porridge' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this meal?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests(fetchMock)).not.toContain('DELETE /api/meals/1');

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this meal?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Meal deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Porridge' })).toBeNull());
  });

  it("says 'Failed to delete meal' with the server's words", async () => {
    diaryApi({ remove: () => json(404, { message: 'Meal not found' }) });
    renderDiary();
    fireEvent.click(within(await screen.findByRole('article', { name: 'Porridge' })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this meal?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete meal')).toBeTruthy();
    expect(screen.getByText('Meal not found')).toBeTruthy();
  });

  it('corrects a symptom from the timeline: its severity and the meal it followed', async () => {
    const fetchMock = diaryApi();
    renderDiary();
    fireEvent.click(within(await screen.findByRole('article', { name: 'Bloating' })).getByRole('button', { name: 'Edit Bloating' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Symptom' });
    fireEvent.click(within(form).getByRole('button', { name: 'Moderate' }));
    await within(form).findByRole('option', { name: /^Salad/ });
    fireEvent.change(within(form).getByLabelText('Linked meal'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Symptom updated')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect([String(patch?.[0]), JSON.parse(String(patch?.[1]?.body))]).toEqual(['/api/symptoms/5', { severity: 'moderate', mealId: 2 }]);
  }, 20_000);
});
