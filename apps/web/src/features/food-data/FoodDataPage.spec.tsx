import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { type CatalogueChange, type CatalogueInfo, type CatalogueReleaseNotes, Messages } from '@fodmap/contracts';
import { fakeApi, json, renderInApp, requests } from '../../test-kit';
import { BrandingProvider } from '../branding/BrandingProvider';
import { CHANGES_SHOWN, FoodDataPage } from './FoodDataPage';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const changed = (count: number): CatalogueChange[] =>
  Array.from({ length: count }, (_, i) => ({ name: `Changed food ${i + 1}`, from: 'low', to: 'medium', why: `Reason ${i + 1}.` }));

const notes = (changes: CatalogueChange[]): CatalogueReleaseNotes => ({
  version: '2026.11.4',
  date: '2026-11-23',
  summary: ['Every rating now holds at the serving a source tested.', 'Foods nobody looks up were removed.'],
  changes,
});

/** The catalogue info carries the note in brief; the page reads the whole note from its own route. */
function open(note: CatalogueReleaseNotes | null, version = '2026.11.4') {
  const info: CatalogueInfo = { version, foodCount: 1012, whatsNew: note && { version: note.version, date: note.date, changeCount: note.changes.length } };
  const fetchMock = fakeApi((path) => {
    if (path === '/api/foods/catalogue') return json(200, info);
    if (path === '/api/foods/whats-new') return note ? json(200, note) : json(404, { message: Messages.catalogueNotesNotFound });
    return undefined;
  });
  renderInApp(
    <BrandingProvider>
      <FoodDataPage />
    </BrandingProvider>,
  );
  return fetchMock;
}

const rowsOf = (group: string) => within(screen.getByRole('region', { name: group })).getAllByRole('listitem');

describe("'What's new in the food data' (issue 10)", () => {
  it('shows the version, the date, the summary and the changes grouped: ratings changed, added, removed', async () => {
    const fetchMock = open(
      notes([
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
    expect(requests(fetchMock)).toContain('GET /api/foods/whats-new');
  });

  it(`shows ${CHANGES_SHOWN} changes of a long group until asked for all, and finds a food among them all`, async () => {
    open(notes(changed(45)));
    await screen.findByRole('region', { name: 'Ratings changed' });
    expect(rowsOf('Ratings changed')).toHaveLength(CHANGES_SHOWN);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 45' }));
    expect(rowsOf('Ratings changed')).toHaveLength(45);

    cleanup();
    open(notes(changed(45)));
    const find = await screen.findByLabelText('Find a food');
    // Food 41 is past the first 20, yet a search shows it.
    fireEvent.change(find, { target: { value: 'food 41' } });
    expect(rowsOf('Ratings changed').map((row) => row.querySelector('p')?.textContent)).toEqual(['Changed food 41']);
    fireEvent.change(find, { target: { value: 'kumquat' } });
    expect(screen.getByRole('status').textContent).toBe('No change in this release names “kumquat”.');
  });

  it('says so when the release has no note, without asking for one', async () => {
    const fetchMock = open(null, '2026.11.3');
    expect(await screen.findByText('Catalogue 2026.11.3 has no notes of its changes.')).toBeTruthy();
    expect(requests(fetchMock)).not.toContain('GET /api/foods/whats-new');
  });

  it("shows the server's message when the note is gone by the time it is read (a new release without one)", async () => {
    fakeApi((path) => {
      if (path === '/api/foods/catalogue') return json(200, { version: '2026.11.4', foodCount: 1012, whatsNew: { version: '2026.11.4', date: '2026-11-23', changeCount: 3 } });
      if (path === '/api/foods/whats-new') return json(404, { message: Messages.catalogueNotesNotFound });
      return undefined;
    });
    renderInApp(
      <BrandingProvider>
        <FoodDataPage />
      </BrandingProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(Messages.catalogueNotesNotFound);
  });
});
