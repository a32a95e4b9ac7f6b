import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { EducationItem } from '@fodmap/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { fakeApi, json, renderInApp } from '../../test-kit';
import { LearnAndTips } from './LearnAndTips';

const article = (n: number, overrides: Partial<EducationItem> = {}): EducationItem => ({
  id: `article-${n}`,
  title: `Article ${n}`,
  summary: `What article ${n} is about.`,
  readTime: n + 2,
  category: n % 2 === 0 ? 'tips' : 'education',
  body: [`First paragraph of ${n}.`, `Second paragraph of ${n}.`],
  sources: [{ title: `Source of ${n}`, url: `https://example.org/${n}` }],
  ...overrides,
});
const articles = [1, 2, 3, 4, 5].map((n) => article(n));

function educationApi(answer: () => Response | Promise<Response>) {
  return fakeApi((path) => (path === '/api/education' ? answer() : undefined));
}

const shown = () => within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('listitem');

beforeAll(() => import('./ArticleDialog'));
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('Learn & Tips (spec §2 Dashboard, §9 education items 2)', () => {
  it('shows the two fallback articles while the articles load', () => {
    educationApi(() => new Promise<Response>(() => undefined));
    renderInApp(<LearnAndTips />);
    expect(screen.getByRole('heading', { name: 'Learn & Tips' })).toBeTruthy();
    expect(shown().map((item) => item.textContent)).toEqual(['Understanding FODMAP Stacking5 min read', 'Meal Prep Tips for Low FODMAP8 min read']);
  });

  it('keeps the fallbacks when the articles cannot be read', async () => {
    const fetchMock = educationApi(() => json(500, { message: 'down' }));
    renderInApp(<LearnAndTips />);
    // The failed read settles a few ticks after its answer.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain('/api/education');
    expect(shown().map((item) => within(item).getByText(/FODMAP/).textContent)).toEqual(['Understanding FODMAP Stacking', 'Meal Prep Tips for Low FODMAP']);
  });

  it('shows the first two articles with summary, read time and category, and the rest under More articles', async () => {
    educationApi(() => json(200, articles));
    renderInApp(<LearnAndTips />);
    await screen.findByText('Article 1');
    expect(shown()).toHaveLength(2);
    const first = shown()[0];
    expect(within(first).getByText('What article 1 is about.')).toBeTruthy();
    expect(within(first).getByText('3 min read')).toBeTruthy();
    expect(within(first).getByText('Education')).toBeTruthy();
    expect(within(shown()[1]).getByText('Tips')).toBeTruthy();
    expect(screen.queryByText('Article 3')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'More articles' }));
    const more = screen.getByRole('list', { name: 'More articles' });
    expect(within(more).getAllByRole('listitem').map((item) => within(item).getByText(/^Article/).textContent)).toEqual(['Article 3', 'Article 4', 'Article 5']);
  });

  it('folds the articles away under its heading and opens them again (the accordion, open at first)', async () => {
    educationApi(() => json(200, articles));
    renderInApp(<LearnAndTips />);
    await screen.findByText('Article 1');
    const toggle = within(screen.getByRole('heading', { name: 'Learn & Tips' })).getByRole('button', { name: 'Learn & Tips' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Articles' })).toBeNull();
    fireEvent.click(toggle);
    expect(shown()).toHaveLength(2);
  });

  it('opens an article in the app with its paragraphs and its sources as links', async () => {
    educationApi(() => json(200, articles));
    renderInApp(<LearnAndTips />);
    fireEvent.click(await screen.findByText('Article 2'));
    const reader = await screen.findByRole('dialog', { name: 'Article 2' });
    expect(within(reader).getByText('First paragraph of 2.')).toBeTruthy();
    expect(within(reader).getByText('Second paragraph of 2.')).toBeTruthy();
    const source = within(reader).getByRole('link', { name: 'Source of 2' });
    expect(source.getAttribute('href')).toBe('https://example.org/2');
    expect(source.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
