import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Meal, Symptom } from '@fodmap/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { aMeal, ann, fakeApi, json, renderInApp, requests } from '../../test-kit';
import { BrandingProvider } from '../branding/BrandingProvider';
import { freezeClock } from '../meals/clock-fixtures';
import { DiaryPage } from './DiaryPage';

// Ann is in Los Angeles, where it is noon on 3 March 2025 (20:00 UTC).
const NOON_IN_LA = new Date('2025-03-03T20:00:00.000Z');
const salad = aMeal({ id: 5, name: 'Salad', timestamp: '2025-03-03T19:30:00.000Z' });
const porridge = aMeal({ id: 4, name: 'Porridge', mealType: 'breakfast', timestamp: '2025-03-03T16:00:00.000Z' });
const pasta = aMeal({ id: 3, name: 'Late pasta', mealType: 'dinner', timestamp: '2025-03-03T06:30:00.000Z' });
const riceCakes = aMeal({ id: 2, name: 'Rice cakes', mealType: 'snack', timestamp: '2025-03-02T20:00:00.000Z' });
const toast = aMeal({ id: 1, name: 'Toast', mealType: 'breakfast', timestamp: '2025-03-01T16:00:00.000Z' });
// Meals come two a page, symptoms one. Bloating at 23:30 on 2 March comes between Porridge (first page of meals) and
// Late pasta (the second): it must wait for the second page of meals, or a meal of that page could turn up above it.
const bloating: Symptom = { id: 8, symptomType: 'bloating', severity: 'mild', notes: null, timestamp: '2025-03-03T07:30:00.000Z', mealId: 3 };
const cramps: Symptom = { id: 7, symptomType: 'pain', severity: 'severe', notes: null, timestamp: '2025-03-01T10:00:00.000Z', mealId: null };

/** A page of `size` items of a list, all but the last with its `Link` to the next (the cursor: the last id), as the gateway pages. */
function paged<T extends { id: number }>(path: string, items: T[], size: number, cursor: string | null) {
  const from = cursor === null ? 0 : items.findIndex((item) => item.id === Number(cursor)) + 1;
  const page = items.slice(from, from + size);
  const more = from + size < items.length;
  return new Response(JSON.stringify(page), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(more ? { Link: `<${path}?cursor=${page[page.length - 1].id}>; rel="next"` } : {}) },
  });
}

/** The gateway's whole history; `later` holds back the answers to every page after the first until it settles. */
function historyApi(later: Promise<void> = Promise.resolve()) {
  let meals: Meal[] = [salad, porridge, pasta, riceCakes, toast];
  const symptoms = [bloating, cramps];
  return fakeApi(async (path, init) => {
    const url = new URL(path, 'http://app.test');
    const cursor = url.searchParams.get('cursor');
    if (cursor !== null) await later;
    if (url.pathname === '/api/meals' && !url.searchParams.has('todayOnly') && !url.searchParams.has('date')) return paged('/api/meals', meals, 2, cursor);
    if (url.pathname === '/api/symptoms' && !url.searchParams.has('date')) return paged('/api/symptoms', symptoms, 1, cursor);
    if (path === '/api/meals/4' && init?.method === 'DELETE') {
      meals = meals.filter((meal) => meal.id !== 4);
      return json(200, { message: 'Meal deleted successfully' });
    }
    if (path === '/api/domain-config') return json(200, { displayName: 'Gut Diary' });
    return path === '/api/auth/user' ? json(200, ann) : json(200, []);
  });
}

/** The end of the list coming into view, or leaving it, as the browser's IntersectionObserver reports it. */
const observers: { callback: IntersectionObserverCallback }[] = [];
class FakeIntersectionObserver {
  constructor(readonly callback: IntersectionObserverCallback) {
    observers.push(this);
  }
  readonly observe = jest.fn();
  readonly disconnect = jest.fn();
}
const endInView = (isIntersecting: boolean) =>
  act(() => observers.forEach(({ callback }) => callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver)));

const renderDiary = () =>
  renderInApp(
    <BrandingProvider>
      <DiaryPage />
    </BrandingProvider>,
  );
const entries = () => screen.getAllByRole('article').map((entry) => entry.getAttribute('aria-label'));
const pageReads = (fetchMock: ReturnType<typeof fakeApi>) => requests(fetchMock).filter((request) => /^GET \/api\/(meals|symptoms)(\?cursor=\d+)?$/.test(request));
const showAll = () => fireEvent.click(screen.getByRole('button', { name: 'All' }));

beforeAll(loadToastSnackbar);
beforeEach(() => freezeClock(NOON_IN_LA));
afterEach(() => {
  cleanup();
  observers.length = 0;
  Reflect.deleteProperty(globalThis, 'IntersectionObserver');
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("Food Diary 'All': the whole history, a page at a time (spec §2 Diary, issue 20)", () => {
  it('merges the meal and symptom pages newest first, showing an entry only once no unread page can come before it', async () => {
    const fetchMock = historyApi();
    renderDiary();
    expect((screen.getByRole('button', { name: 'Day' }) as HTMLButtonElement).getAttribute('aria-pressed')).toBe('true');
    showAll();
    await screen.findByRole('article', { name: 'Porridge' });
    // Bloating (first page of symptoms) is older than Porridge, the last meal read: it waits for the next page of meals.
    expect(entries()).toEqual(['Salad', 'Porridge']);
    expect(pageReads(fetchMock)).toEqual(['GET /api/meals', 'GET /api/symptoms']);
    expect(screen.getByRole('heading', { name: 'Today' })).toBeTruthy();

    // The meals' page limits the merge, so it is the one read.
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Bloating' });
    expect(pageReads(fetchMock).slice(2)).toEqual(['GET /api/meals?cursor=4']);
    // Late pasta and Rice cakes are older than Bloating, the last symptom read: the symptoms' next page could come first.
    expect(entries()).toEqual(['Salad', 'Porridge', 'Bloating']);
    expect(within(screen.getByRole('article', { name: 'Bloating' })).queryByText(/after Late pasta/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Rice cakes' });
    expect(pageReads(fetchMock).slice(3)).toEqual(['GET /api/symptoms?cursor=8']);
    expect(entries()).toEqual(['Salad', 'Porridge', 'Bloating', 'Late pasta', 'Rice cakes']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('The beginning of your diary');
    expect(pageReads(fetchMock).slice(4)).toEqual(['GET /api/meals?cursor=2']);
    expect(entries()).toEqual(['Salad', 'Porridge', 'Bloating', 'Late pasta', 'Rice cakes', 'Toast', 'Abdominal Pain']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Under their days, in Ann's zone: Late pasta at 22:30 on 2 March is yesterday's, not today's.
    const yesterday = screen.getByRole('list', { name: 'Meals and symptoms, Yesterday' });
    expect(within(yesterday).getAllByRole('article').map((entry) => entry.getAttribute('aria-label'))).toEqual(['Bloating', 'Late pasta', 'Rice cakes']);
  });

  it('reads the next page when the end of the list comes into view, and on until the end while it stays there', async () => {
    Object.assign(globalThis, { IntersectionObserver: FakeIntersectionObserver });
    const fetchMock = historyApi();
    renderDiary();
    showAll();
    await screen.findByRole('article', { name: 'Porridge' });
    expect(pageReads(fetchMock)).toHaveLength(2);

    endInView(true);
    await screen.findByText('The beginning of your diary');
    expect(pageReads(fetchMock).slice(2)).toEqual(['GET /api/meals?cursor=4', 'GET /api/symptoms?cursor=8', 'GET /api/meals?cursor=2']);
    expect(entries()).toEqual(['Salad', 'Porridge', 'Bloating', 'Late pasta', 'Rice cakes', 'Toast', 'Abdominal Pain']);
    expect(new Set(entries()).size).toBe(7);
  });

  it('stops reading when the end leaves the view, and shows a spinner while a page is on its way', async () => {
    Object.assign(globalThis, { IntersectionObserver: FakeIntersectionObserver });
    let answer: () => void = () => undefined;
    const fetchMock = historyApi(new Promise((resolve) => (answer = resolve)));
    renderDiary();
    showAll();
    await screen.findByRole('article', { name: 'Porridge' });
    endInView(true);
    expect(await screen.findByRole('progressbar', { name: 'Loading older entries' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    endInView(false);
    answer();
    await screen.findByRole('article', { name: 'Bloating' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy());
    expect(pageReads(fetchMock)).toHaveLength(3);
  });

  it("says when the history cannot be read, in the server's words", async () => {
    fakeApi((path) => (path === '/api/symptoms' ? json(503, { message: 'The journal service is briefly unavailable. Please try again in a few seconds.' }) : path.startsWith('/api/meals') ? json(200, [salad]) : undefined));
    renderDiary();
    showAll();
    expect(await screen.findByText('The journal service is briefly unavailable. Please try again in a few seconds.')).toBeTruthy();
    expect(screen.queryByText('Nothing logged yet')).toBeNull();
  });

  it('deletes a meal from the whole history as from a day', async () => {
    const fetchMock = historyApi();
    renderDiary();
    showAll();
    const card = await screen.findByRole('article', { name: 'Porridge' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this meal?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Meal deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Porridge' })).toBeNull());
    expect(requests(fetchMock)).toContain('DELETE /api/meals/4');
    expect(entries()[0]).toBe('Salad');
  });
});
