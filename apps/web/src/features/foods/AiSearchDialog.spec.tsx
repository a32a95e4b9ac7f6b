import { cleanup, fireEvent, screen } from '@testing-library/react';
import { AiSearchMessages, type AiSearchResult, type Food } from '@fodmap/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { fakeApi, json, renderInApp, requests } from '../../test-kit';
import { AiSearchDialog } from './AiSearchDialog';
import { wait, waitUntil } from './fake-clock';
import { aFood } from './food-fixtures';

const researched = aFood({
  id: 51,
  name: 'Jackfruit',
  fodmapRating: 'medium',
  confidenceScore: 40,
  needsVerification: true,
  isPrivate: true,
  citations: [
    { id: 'monash', title: 'Monash FODMAP app', url: 'https://example.org/monash' },
    { id: 'study', title: 'A published study', url: null },
    { id: 'third', title: 'A third source', url: 'https://example.org/third' },
  ],
});
const answer = (result: Partial<AiSearchResult>): AiSearchResult => ({ status: 'failed', message: '', spellingCorrections: { suggestions: [] }, ...result });

/** What the fake gateway answers each POST /api/ai-search with; the background route always accepts. */
let reply: (body: { query: string; ingredients?: string }) => Response | Promise<Response>;
const bodiesOf = (fetchMock: ReturnType<typeof fakeApi>, path: string) =>
  fetchMock.mock.calls.filter(([called]) => called === path).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function renderDialog(query = 'Jackfruit') {
  const fetchMock = fakeApi((path, init) => {
    if (path === '/api/ai-search' && init?.method === 'POST') return reply(JSON.parse(String(init.body)));
    if (path === '/api/foods/search-ai-background' && init?.method === 'POST') return json(202, { message: AiSearchMessages.backgroundQueued });
    return undefined;
  });
  const onFound = jest.fn<(food: Food) => void>();
  const onAddManually = jest.fn<(name: string) => void>();
  const onClose = jest.fn<() => void>();
  renderInApp(<AiSearchDialog open query={query} onClose={onClose} onFound={onFound} onAddManually={onAddManually} />);
  return { fetchMock, onFound, onAddManually, onClose };
}

const backgroundToast = () => screen.queryByText(AiSearchMessages.backgroundQueued);

beforeAll(() => loadToastSnackbar());
beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('Online food search dialog (spec §4, §8)', () => {
  it("says 'Searching...', then after 5 s 'Taking longer than expected...' and queues a background search once", async () => {
    reply = () => new Promise<Response>(() => undefined);
    const { fetchMock } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Online food search' })).toBeTruthy();
    await wait(4900);
    expect(screen.getByText('Searching...')).toBeTruthy();
    expect(bodiesOf(fetchMock, '/api/foods/search-ai-background')).toEqual([]);

    await wait(100);
    expect(screen.getByText('Taking longer than expected...')).toBeTruthy();
    await waitUntil(() => backgroundToast() !== null);
    expect(bodiesOf(fetchMock, '/api/foods/search-ai-background')).toEqual([{ query: 'Jackfruit' }]);
    expect(bodiesOf(fetchMock, '/api/ai-search')).toEqual([{ query: 'Jackfruit' }]);
  });

  it('shows an AI-researched food with the verify note and its first 2 sources, and hands it over after 2 s', async () => {
    reply = () => json(200, answer({ status: 'found', result: researched, message: AiSearchMessages.foundByAi('Jackfruit'), source: 'ai' }));
    const { onFound } = renderDialog();
    await waitUntil(() => screen.queryByText(AiSearchMessages.foundByAi('Jackfruit')) !== null);
    expect(screen.getByText('AI-researched: please verify')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Monash FODMAP app' })).toBeTruthy();
    expect(screen.getByText('A published study')).toBeTruthy();
    expect(screen.queryByText('A third source')).toBeNull();
    expect(screen.getByText('Medium FODMAP')).toBeTruthy();

    await wait(1900);
    expect(onFound).not.toHaveBeenCalled();
    await wait(100);
    expect(onFound).toHaveBeenCalledWith(researched);
  });

  it('shows a catalogue food without the AI note', async () => {
    const banana = aFood({ id: 3, name: 'Banana', fodmapRating: 'low' });
    reply = () => json(200, answer({ status: 'found', result: banana, message: AiSearchMessages.foundInCatalogue('Banana'), source: 'catalogue', spellingCorrections: { suggestions: ['Banana'] } }));
    const { onFound } = renderDialog('bananna');
    await waitUntil(() => screen.queryByText('Found Banana in the food database.') !== null);
    expect(screen.queryByText('AI-researched: please verify')).toBeNull();
    await wait(2000);
    expect(onFound).toHaveBeenCalledWith(banana);
  });

  it('keeps a placeholder open, and opens it on request', async () => {
    const placeholder = aFood({ id: 52, name: 'Jackfruit', fodmapRating: 'unknown', isPrivate: true, confidenceScore: 0 });
    reply = () => json(200, answer({ status: 'placeholder_created', placeholder, message: AiSearchMessages.placeholderCreated('Jackfruit') }));
    const { onFound, onClose } = renderDialog();
    await waitUntil(() => screen.queryByText(AiSearchMessages.placeholderCreated('Jackfruit')) !== null);
    await wait(10_000);
    expect(onFound).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Online food search' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View food' }));
    expect(onFound).toHaveBeenCalledWith(placeholder);
  });

  it("on failure offers manual add, and rates the food from the label's ingredients instead", async () => {
    const rated = aFood({ id: 53, name: 'Jackfruit', fodmapRating: 'high', isPrivate: true, description: 'High FODMAP: contains chicory root fibre (fructans).' });
    reply = ({ ingredients }) =>
      json(
        200,
        ingredients
          ? answer({ status: 'found', result: rated, message: AiSearchMessages.ratedFromIngredients('Jackfruit'), source: 'ingredients' })
          : answer({ message: AiSearchMessages.notConfigured }),
      );
    const { fetchMock, onAddManually, onFound } = renderDialog();
    await waitUntil(() => screen.queryByText(AiSearchMessages.notConfigured) !== null);
    expect(screen.getByText('You can manually add this food if you have FODMAP information.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Manual Add' }));
    expect(onAddManually).toHaveBeenCalledWith('Jackfruit');

    const rate = screen.getByRole('button', { name: 'Rate from ingredients' }) as HTMLButtonElement;
    expect(rate.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Ingredients (as printed on the label)'), { target: { value: 'jackfruit, chicory root fibre, salt' } });
    fireEvent.click(rate);
    await waitUntil(() => screen.queryByText(AiSearchMessages.ratedFromIngredients('Jackfruit')) !== null);
    expect(bodiesOf(fetchMock, '/api/ai-search')).toEqual([{ query: 'Jackfruit' }, { query: 'Jackfruit', ingredients: 'jackfruit, chicory root fibre, salt' }]);
    expect(screen.getByText('High FODMAP: contains chicory root fibre (fructans).')).toBeTruthy();
    await wait(2000);
    expect(onFound).toHaveBeenCalledWith(rated);
  });

  it("says 'No information found' when the failure has no message, and searches a 'Did you mean' suggestion", async () => {
    reply = ({ query }) => json(200, query === 'Jackfruit' ? answer({ status: 'found', result: researched, source: 'ai', message: 'Found' }) : answer({ spellingCorrections: { suggestions: ['Jackfruit'] } }));
    const { fetchMock } = renderDialog('Jakfruit');
    await waitUntil(() => screen.queryByText('No information found') !== null);
    expect(screen.getByText('Did you mean')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Jackfruit' }));
    await waitUntil(() => screen.queryByText('AI-researched: please verify') !== null);
    expect(bodiesOf(fetchMock, '/api/ai-search')).toEqual([{ query: 'Jakfruit' }, { query: 'Jackfruit' }]);
  });

  it('offers the background search after a failure, once', async () => {
    reply = () => json(200, answer({ message: AiSearchMessages.timedOut }));
    const { fetchMock } = renderDialog();
    await waitUntil(() => screen.queryByText(AiSearchMessages.timedOut) !== null);
    fireEvent.click(screen.getByRole('button', { name: 'Search in background' }));
    await waitUntil(() => backgroundToast() !== null);
    expect(screen.queryByRole('button', { name: 'Search in background' })).toBeNull();
    expect(bodiesOf(fetchMock, '/api/foods/search-ai-background')).toEqual([{ query: 'Jackfruit' }]);
  });

  it("asks a signed-out person to sign in again, and queues nothing", async () => {
    reply = () => json(401, { message: 'Unauthorized' });
    const { fetchMock } = renderDialog();
    await waitUntil(() => screen.queryAllByText('Authentication Required').length > 0);
    expect(screen.getAllByText('Please refresh the page and log in again to search for foods.').length).toBeGreaterThan(0);
    await wait(6000);
    expect(requests(fetchMock)).not.toContain('POST /api/foods/search-ai-background');
  });

  it("shows a server failure as 'Search Error' in the server's words and queues the background search", async () => {
    reply = () => json(503, { message: 'Food research is unavailable right now' });
    const { fetchMock } = renderDialog();
    await waitUntil(() => screen.queryByText('Food research is unavailable right now') !== null);
    expect(screen.getByText('Search Error')).toBeTruthy();
    await waitUntil(() => backgroundToast() !== null);
    expect(bodiesOf(fetchMock, '/api/foods/search-ai-background')).toEqual([{ query: 'Jackfruit' }]);
  });

  it('falls back to its own words when the network fails, and tries again on request', async () => {
    let calls = 0;
    reply = () => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json(200, answer({ status: 'found', result: researched, source: 'ai', message: 'Found' })));
    renderDialog();
    await waitUntil(() => screen.queryByText('Unable to search for food. Please try again.') !== null);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitUntil(() => screen.queryByText('AI-researched: please verify') !== null);
  });

  it("shows the rate limit in the server's words, without queueing more searches", async () => {
    reply = () => json(429, { message: AiSearchMessages.tooMany(60) });
    const { fetchMock } = renderDialog();
    await waitUntil(() => screen.queryByText('Too many food searches. Please try again in 1 minute.') !== null);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await wait(6000);
    expect(requests(fetchMock)).not.toContain('POST /api/foods/search-ai-background');
  });
});
