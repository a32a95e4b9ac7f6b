import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { CatalogueInfo } from '@fodmap/contracts';
import { fakeApi, json, renderInApp, requests } from '../../test-kit';
import { BrandingProvider } from '../branding/BrandingProvider';
import { SearchPage } from './SearchPage';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

function open(catalogue: CatalogueInfo) {
  const fetchMock = fakeApi((path) => {
    if (path === '/api/foods/catalogue') return json(200, catalogue);
    if (path.startsWith('/api/')) return json(200, []);
    return undefined;
  });
  renderInApp(
    <BrandingProvider>
      <SearchPage />
    </BrandingProvider>,
  );
  return fetchMock;
}

describe('Food Search and the food data release note (issue 10)', () => {
  it("links to 'What's new in the food data' when the release has a note", async () => {
    const fetchMock = open({ version: '2026.11.4', foodCount: 1012, whatsNew: { version: '2026.11.4', date: '2026-11-23', changeCount: 912 } });
    const link = await screen.findByRole('link', { name: "What's new in the food data" });
    expect(link.getAttribute('href')).toBe('/food-data');
    expect(screen.getByText('Food catalogue 2026.11.4 · 1,012 foods, each rating with its sources')).toBeTruthy();
    // The summary decides the link: the whole note is the What's new page's read, not every Food Search visit's.
    expect(requests(fetchMock)).not.toContain('GET /api/foods/whats-new');
  });

  it('has no link when the release has no note', async () => {
    open({ version: '2026.11.3', foodCount: 1328, whatsNew: null });
    expect(await screen.findByText(/^Food catalogue 2026\.11\.3/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: "What's new in the food data" })).toBeNull();
  });
});
