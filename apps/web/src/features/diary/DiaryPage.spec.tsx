import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Meal } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aMeal, ann, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { dayHeading } from '../symptoms/symptom-format';
import { BrandingProvider } from '../branding/BrandingProvider';
import { DiaryPage } from './DiaryPage';

// Ann is in Los Angeles: 06:30 UTC on 4 March is still the evening of 3 March there.
const meals: Meal[] = [
  aMeal({ id: 2, name: 'Late pasta', timestamp: '2025-03-04T06:30:00.000Z' }),
  aMeal({ id: 1, name: 'Porridge', timestamp: '2025-03-03T16:00:00.000Z' }),
  aMeal({ id: 3, name: 'Old soup', timestamp: '2025-03-01T20:00:00.000Z' }),
];

function diaryApi(remove: () => Response = () => json(200, { message: 'Meal deleted successfully' })) {
  let stored = meals;
  return fakeApi((path, init) => {
    if (path === '/api/meals' && init?.method === 'GET') return json(200, stored);
    if (path === '/api/meals/1' && init?.method === 'DELETE') {
      const answer = remove();
      if (answer.ok) stored = stored.filter((meal) => meal.id !== 1);
      return answer;
    }
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

beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('Food Diary (spec §2 Diary)', () => {
  it('lists every meal under its local day, newest first', async () => {
    diaryApi();
    renderDiary();
    await screen.findByRole('article', { name: 'Porridge' });
    const days = screen.getAllByRole('region').map((day) => [day.getAttribute('aria-label'), within(day).getAllByRole('article').map((card) => card.getAttribute('aria-label'))]);
    expect(days).toEqual([
      [dayHeading('2025-03-03', ann.timeZone), ['Late pasta', 'Porridge']],
      [dayHeading('2025-03-01', ann.timeZone), ['Old soup']],
    ]);
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

  it('takes a deleted meal out of the home screen’s lists held meanwhile, and has them and the stats read again', async () => {
    const fetchMock = diaryApi();
    const queryClient = renderDiary();
    // What Home read before the Diary was opened: no longer on screen.
    queryClient.setQueryData(['/api/meals?todayOnly=true'], [meals[1]]);
    queryClient.setQueryData(['/api/dashboard/stats'], { mealsLogged: 1 });
    const card = await screen.findByRole('article', { name: 'Porridge' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this meal?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Meal deleted successfully')).toBeTruthy();
    expect(queryClient.getQueryData(['/api/meals?todayOnly=true'])).toEqual([]);
    await waitFor(() => expect(requests(fetchMock)).toEqual(expect.arrayContaining(['GET /api/meals?todayOnly=true', 'GET /api/dashboard/stats'])));
  });

  it("says 'Failed to delete meal' with the server's words", async () => {
    diaryApi(() => json(404, { message: 'Meal not found' }));
    renderDiary();
    fireEvent.click(within(await screen.findByRole('article', { name: 'Porridge' })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this meal?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete meal')).toBeTruthy();
    expect(screen.getByText('Meal not found')).toBeTruthy();
  });
});
