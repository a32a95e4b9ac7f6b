import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AiSearchMessages, type AiSearchResult, type FoodSummary } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar, ToastProvider } from '@fodmap/web-ui';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../lib/query-client';
import { aFood } from './food-fixtures';
import { wait, waitUntil } from './fake-clock';
import { FoodLookup } from './FoodLookup';
import { json } from '../../test-kit';


const garlic = aFood({ id: 7, name: 'Garlic, raw', fodmapRating: 'high' });
const catalogue: FoodSummary[] = Array.from({ length: 25 }, (_, i) => ({ ...aFood({ id: 100 + i, name: `Food ${i + 1}` }) }));

const qwyzzle = aFood({ id: 98, name: 'Qwyzzle', fodmapRating: 'high', isPrivate: true, citations: [{ id: 'monash', title: 'Monash FODMAP', url: 'https://example.org/q' }] });
/** The online search researches whatever it is asked for. */
const onlineAnswer = ({ query }: { query: string }): AiSearchResult => ({
  status: 'found',
  result: { ...qwyzzle, name: query },
  message: AiSearchMessages.foundByAi(query),
  spellingCorrections: { suggestions: [] },
  source: 'ai',
});

/** A stand-in for the gateway's foods routes. */
function fakeFoodsApi(create: (body: unknown) => Response = (body) => json(201, { ...aFood({ id: 99, isPrivate: true }), ...(body as object) })) {
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    if (path.startsWith('/api/foods?limit=')) return json(200, catalogue.slice(0, Number(path.slice('/api/foods?limit='.length))));
    if (path.startsWith('/api/foods/search?q=')) {
      const term = decodeURIComponent(path.slice('/api/foods/search?q='.length));
      return json(200, term.startsWith('gar') ? [garlic] : []);
    }
    if (path === '/api/debug/quick-add-food' && init?.method === 'POST') return create(JSON.parse(String(init.body)));
    if (path === '/api/ai-search' && init?.method === 'POST') return json(200, onlineAnswer(JSON.parse(String(init.body))));
    return json(404, { message: 'Not found' });
  });
  jest.spyOn(globalThis, 'fetch').mockClear().mockImplementation(fetchMock);
  return fetchMock;
}

function renderLookup(full = true) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <MemoryRouter>
          <FoodLookup full={full} onUnauthorized={() => false} />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Search foods'), { target: { value: text } });
const prompt = () => screen.queryByRole('dialog', { name: 'Food not found' });

// The sheet, dialogs and toast load lazily; compiling them once up front keeps that out of each test's time limits.
beforeAll(() =>
  Promise.all([import('./FoodDetailsSheet'), import('./NotFoundPrompt'), import('./NewFoodDialog'), import('./AiSearchDialog'), loadToastSnackbar()]),
);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('food lookup (spec §2, §9)', () => {
  it('lists the first 6 foods with no term and 20 in the full view, asking the server for no more than that', async () => {
    const fetchMock = fakeFoodsApi();
    renderLookup(false);
    expect((await screen.findAllByRole('button', { name: /^Food \d+/ })).length).toBe(6);
    fireEvent.click(screen.getByRole('button', { name: 'View all' }));
    await screen.findByRole('button', { name: /^Food 20/ });
    expect(screen.getAllByRole('button', { name: /^Food \d+/ }).length).toBe(20);
    // The 7th row only tells that there is more to view.
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/foods?limit=7', '/api/foods?limit=20']);
  }, 15_000);

  it('searches once typing has paused for 300 ms, and not with fewer than 2 characters', async () => {
    jest.useFakeTimers();
    const fetchMock = fakeFoodsApi();
    renderLookup();
    type('g');
    await wait(1000);
    type('ga');
    type('gar');
    await wait(299);
    const searches = () => fetchMock.mock.calls.filter(([path]) => String(path).startsWith('/api/foods/search'));
    expect(searches()).toEqual([]);
    await waitUntil(() => screen.queryByRole('button', { name: /Garlic, raw/ }) !== null);
    expect(searches().map(([path]) => path)).toEqual(['/api/foods/search?q=gar']);
    expect(screen.getByRole('button', { name: /Garlic, raw/ }).textContent).toContain('High FODMAP');
  });
});

describe('not-found flow (spec §4)', () => {
  it('offers online search or manual add 1 s after a term longer than 3 characters finds nothing', async () => {
    jest.useFakeTimers();
    fakeFoodsApi();
    renderLookup();
    type('Qwyzzle');
    await wait(300);
    await waitUntil(() => screen.queryByText('No foods match “Qwyzzle”.') !== null);
    await wait(950);
    expect(prompt()).toBeNull();
    await wait(60);
    expect(prompt()).not.toBeNull();
    expect((screen.getByRole('button', { name: 'Search online' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Add manually' }));
    await wait(500);
    expect((screen.getByLabelText(/Food Name/) as HTMLInputElement).value).toBe('Qwyzzle');
  });

  it('offers the way forward once, in the prompt, with no links of its own beside the empty result', async () => {
    jest.useFakeTimers();
    fakeFoodsApi();
    renderLookup();
    type('Qwyzzle');
    await wait(300);
    await waitUntil(() => screen.queryByText('No foods match “Qwyzzle”.') !== null);
    expect(screen.queryByRole('button', { name: /Search online|Add it yourself|Add manually/ })).toBeNull();
    await waitUntil(() => prompt() !== null, 1500);
    expect(screen.getAllByRole('button', { name: 'Search online' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Add manually' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add it yourself' })).toBeNull();
  });

  it('searches online from the prompt, and shows what was found in its details 2 s later', async () => {
    jest.useFakeTimers();
    const fetchMock = fakeFoodsApi();
    renderLookup();
    type('Qwyzzle');
    await wait(300);
    await waitUntil(() => prompt() !== null, 1500);
    fireEvent.click(screen.getByRole('button', { name: 'Search online' }));
    await waitUntil(() => screen.queryByText('AI-researched: please verify') !== null, 1000);
    expect(screen.getByRole('dialog', { name: 'Online food search' })).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls.find(([path]) => path === '/api/ai-search')?.[1]?.body))).toEqual({ query: 'Qwyzzle' });
    expect(prompt()).toBeNull();

    await wait(2000);
    await waitUntil(() => screen.queryByRole('dialog', { name: 'Qwyzzle' }) !== null, 1000);
    expect(screen.queryByRole('dialog', { name: 'Online food search' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Monash FODMAP' })).toBeTruthy();
  });

  it('does not interrupt someone still typing, nor prompt for a term of 3 characters', async () => {
    jest.useFakeTimers();
    fakeFoodsApi();
    renderLookup();
    type('Qwyz');
    await wait(310 + 800);
    type('Qwyzz');
    await wait(310 + 800);
    expect(prompt()).toBeNull();
    type('Qwy');
    await wait(300);
    await waitUntil(() => screen.queryByText('No foods match “Qwy”.') !== null);
    await wait(5000);
    expect(screen.getByText('No foods match “Qwy”.')).toBeTruthy();
    expect(prompt()).toBeNull();
  });
});

describe('New Food form (spec §5, §8)', () => {
  /** The form as a person reaches it: from the not-found prompt, 1 s after a term that finds nothing. */
  async function openForm(name: string) {
    type(name);
    fireEvent.click(await screen.findByRole('button', { name: 'Add manually' }, { timeout: 3000 }));
    return screen.findByRole('dialog', { name: 'New Food' });
  }
  const createButton = () => screen.getByRole('button', { name: 'Create Food' }) as HTMLButtonElement;

  it('keeps Create Food disabled, with hints, until a name and a rating are given; then adds the food', async () => {
    const fetchMock = fakeFoodsApi();
    renderLookup();
    await openForm('xyzw');
    fireEvent.change(screen.getByLabelText(/Food Name/), { target: { value: '   ' } });
    expect(createButton().disabled).toBe(true);
    expect(screen.getByText('Food name required')).toBeTruthy();
    expect(screen.getByText('FODMAP rating required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Food Name/), { target: { value: "  Grandma's bake " } });
    fireEvent.change(screen.getByLabelText(/FODMAP Rating/), { target: { value: 'medium' } });
    fireEvent.change(screen.getByLabelText('Serving Size'), { target: { value: '1 slice (120 g)' } });
    fireEvent.change(screen.getByLabelText('Food Type'), { target: { value: 'grain' } });
    expect(screen.queryByText('Food name required')).toBeNull();
    expect(createButton().disabled).toBe(false);
    fireEvent.click(createButton());

    expect(await screen.findByText('Food Added!')).toBeTruthy();
    expect(screen.getByText("Grandma's bake is now in your foods")).toBeTruthy();
    const post = fetchMock.mock.calls.find(([path]) => path === '/api/debug/quick-add-food');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "Grandma's bake", fodmapRating: 'medium', servingSize: '1 slice (120 g)', foodType: 'grain' });
    // The new food is shown at once, and every foods read is asked again so that it appears in them.
    expect(await screen.findByRole('dialog', { name: "Grandma's bake" })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/foods/search?q=xyzw').length).toBe(2);
  }, 15_000);

  it('says why a food could not be created, in the server’s words', async () => {
    fakeFoodsApi(() => json(400, { message: 'Food name must be at most 120 characters' }));
    renderLookup();
    await openForm('xyzw');
    fireEvent.change(screen.getByLabelText(/FODMAP Rating/), { target: { value: 'low' } });
    fireEvent.click(createButton());
    expect(await screen.findByText('Failed to create food')).toBeTruthy();
    expect(screen.getByText('Food name must be at most 120 characters')).toBeTruthy();
  });

  it('warns when the reply is not a food it can show', async () => {
    fakeFoodsApi(() => json(201, { ok: true }));
    renderLookup();
    await openForm('xyzw');
    fireEvent.change(screen.getByLabelText(/FODMAP Rating/), { target: { value: 'high' } });
    fireEvent.click(createButton());
    expect(await screen.findByText("Food may have been created but couldn't be selected automatically")).toBeTruthy();
  });
});

