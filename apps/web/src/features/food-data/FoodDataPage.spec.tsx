import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { CatalogueChange, CatalogueInfo } from '@fodmap/contracts';
import { fakeApi, json, renderInApp } from '../../test-kit';
import { BrandingProvider } from '../branding/BrandingProvider';
import { CHANGES_SHOWN, FoodDataPage } from './FoodDataPage';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const changed = (count: number): CatalogueChange[] =>
  Array.from({ length: count }, (_, i) => ({ name: `Changed food ${i + 1}`, from: 'low', to: 'medium', why: `Reason ${i + 1}.` }));

const info = (changes: CatalogueChange[]): CatalogueInfo => ({
  version: '2026.11.4',
  foodCount: 1012,
  whatsNew: {
    version: '2026.11.4',
    date: '2026-11-23',
    summary: ['Every rating now holds at the serving a source tested.', 'Foods nobody looks up were removed.'],
    changes,
  },
});

function open(answer: CatalogueInfo) {
  fakeApi((path) => (path === '/api/foods/catalogue' ? json(200, answer) : undefined));
  renderInApp(
    <BrandingProvider>
      <FoodDataPage />
    </BrandingProvider>,
  );
}

const rowsOf = (group: string) => within(screen.getByRole('region', { name: group })).getAllByRole('listitem');

describe("'What's new in the food data' (issue 10)", () => {
  it('shows the version, the date, the summary and the changes grouped: ratings changed, added, removed', async () => {
    open(
      info([
        { name: 'Red bell pepper', from: 'low', to: 'medium', why: 'Low only up to 43 g: Monash University, 2022.' },
        { name: 'Oat milk', from: null, to: 'low', why: 'Low FODMAP at 1 cup (250 ml): Monash University, 2023.' },
        { name: '3 Musketeers bar', from: 'unknown', to: null, why: 'No longer in the catalogue: few people on this diet look it up.' },
        { name: 'Avocado', from: 'medium', to: 'low', why: 'Retested in 2024: low at 60 g.' },
      ]),
    );
    expect(await screen.findByText('Catalogue 2026.11.4 · 23 November 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: "What's new in the food data" })).toBeTruthy();
    expect(screen.getByText('Every rating now holds at the serving a source tested.')).toBeTruthy();
    expect(screen.getByText('Foods nobody looks up were removed.')).toBeTruthy();

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Ratings changed (2)', 'Foods added (1)', 'Foods removed (1)']);
    const [pepper, avocado] = rowsOf('Ratings changed');
    expect(pepper.textContent).toBe('Red bell pepperLow FODMAP→Medium FODMAPLow only up to 43 g: Monash University, 2022.');
    expect(avocado.textContent).toContain('Medium FODMAP→Low FODMAP');
    expect(rowsOf('Foods added').map((row) => row.textContent)).toEqual(['Oat milkLow FODMAPLow FODMAP at 1 cup (250 ml): Monash University, 2023.']);
    expect(rowsOf('Foods removed').map((row) => row.textContent)).toEqual(['3 Musketeers barNo longer in the catalogue: few people on this diet look it up.']);
    expect(screen.getByRole('link', { name: 'Food Search' }).getAttribute('href')).toBe('/search');
  });

  it(`shows ${CHANGES_SHOWN} changes of a long group until asked for all, and finds a food among them all`, async () => {
    open(info(changed(45)));
    await screen.findByRole('region', { name: 'Ratings changed' });
    expect(rowsOf('Ratings changed')).toHaveLength(CHANGES_SHOWN);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 45' }));
    expect(rowsOf('Ratings changed')).toHaveLength(45);

    cleanup();
    open(info(changed(45)));
    const find = await screen.findByLabelText('Find a food in these changes');
    // Food 41 is past the first 20, yet a search shows it.
    fireEvent.change(find, { target: { value: 'food 41' } });
    expect(rowsOf('Ratings changed').map((row) => row.querySelector('p')?.textContent)).toEqual(['Changed food 41']);
    fireEvent.change(find, { target: { value: 'kumquat' } });
    expect(screen.getByRole('status').textContent).toBe('No change in this release names “kumquat”.');
  });

  it('says so when the release has no note', async () => {
    open({ version: '2026.11.3', foodCount: 1328, whatsNew: null });
    expect(await screen.findByText('Catalogue 2026.11.3 has no notes of its changes.')).toBeTruthy();
  });
});
