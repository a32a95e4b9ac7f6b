import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AdminMessages, DEFAULT_DISCLAIMER, type Advertiser } from '@fodmap/contracts';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { anAdvertiser, fakeApi, json, renderInAdmin, writes } from '../test-kit';
import { AdvertisersTab } from './AdvertisersTab';

// The toast's code loads with the first toast; loading it up front keeps that out of the tests' time limits.
beforeAll(loadToastSnackbar);
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

/** The gateway's advertiser routes over an in-memory list; `refuse` answers a write instead when given. */
function advertiserApi(initial: Advertiser[], refuse?: Response) {
  let list = [...initial];
  return fakeApi((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === '/api/admin/advertiser-stats') return json(200, []);
    if (!path.startsWith('/api/admin/advertisers')) return undefined;
    if (method === 'GET') return json(200, list);
    if (refuse) return refuse;
    const id = Number(path.split('/').at(-1));
    if (method === 'DELETE') {
      list = list.filter((advertiser) => advertiser.id !== id);
      return json(200, { message: AdminMessages.advertiserDeleted });
    }
    const saved = { ...anAdvertiser(), ...JSON.parse(String(init?.body)), id: method === 'POST' ? 99 : id };
    list = method === 'POST' ? [...list, saved] : list.map((advertiser) => (advertiser.id === id ? saved : advertiser));
    return json(method === 'POST' ? 201 : 200, saved);
  });
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const dialog = () => screen.getByRole('dialog');
const openAdd = async () => {
  fireEvent.click(screen.getByRole('button', { name: AdminMessages.addAdvertiser }));
  return screen.findByRole('dialog', { name: AdminMessages.addAdvertiser });
};

describe('advertisers list (spec §2 Advertisers tab)', () => {
  it('says there are none yet and how to add one', async () => {
    advertiserApi([]);
    renderInAdmin(<AdvertisersTab />);
    expect(await screen.findByText(AdminMessages.noAdvertisers)).toBeTruthy();
    expect(screen.getByText('Click Add Advertiser to create your first sponsored recommendation.')).toBeTruthy();
  });

  it('shows each advertiser with its Active/Inactive and priority badges, product, description, call to action and created date', async () => {
    advertiserApi([anAdvertiser(), anAdvertiser({ id: 5, name: 'Calm Belly', productName: 'Peppermint Tea', description: 'Enteric-coated.', ctaText: 'Shop', isActive: false, priority: 40 })]);
    renderInAdmin(<AdvertisersTab />);
    const table = await screen.findByRole('table', { name: 'Advertisers' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Active' + 'Priority 1', 'Low-FODMAP Granola', 'Oats and maple, no honey.', 'Try it', new Date('2026-03-03T12:00:00Z').toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }), 'EditDelete'],
      ['Inactive' + 'Priority 40', 'Peppermint Tea', 'Enteric-coated.', 'Shop', expect.stringContaining('2026'), 'EditDelete'],
    ]);
    expect(within(rows[1]).getByRole('rowheader').textContent).toBe('Calm Belly');
  });

  it('shows why the list could not be read, and reads it again on Retry', async () => {
    let fail = true;
    fakeApi((path) => (path === '/api/admin/advertisers' ? (fail ? json(500, { message: 'Notifications unavailable' }) : json(200, [anAdvertiser()])) : undefined));
    renderInAdmin(<AdvertisersTab />);
    expect(await screen.findByText('Could not load advertisers: 500: Notifications unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Gut Good Co')).toBeTruthy();
  });
});

describe('advertiser form (spec §4, §5)', () => {
  it('starts active, at priority 1, with the default disclaimer as its placeholder', async () => {
    advertiserApi([]);
    renderInAdmin(<AdvertisersTab />);
    await openAdd();
    expect(field(/^Active/).checked).toBe(true);
    expect(field(/^Priority/).value).toBe('1');
    expect(field(/^Disclaimer Text/).placeholder).toBe(DEFAULT_DISCLAIMER);
    expect(field(/^Disclaimer Text/).value).toBe('');
  });

  it('names every missing field with its §5 message and sends nothing', async () => {
    const fetchMock = advertiserApi([]);
    renderInAdmin(<AdvertisersTab />);
    await openAdd();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Advertiser' }));
    for (const message of ['Name is required', 'Product name is required', 'Description is required', 'Call-to-action text is required', 'Must be a valid URL']) {
      expect(within(dialog()).getByText(message)).toBeTruthy();
    }
    expect(writes(fetchMock)).toEqual([]);
  });

  it('refuses a link that is not a web address and a priority outside 1 to 100', async () => {
    const fetchMock = advertiserApi([]);
    renderInAdmin(<AdvertisersTab />);
    await openAdd();
    type(/^Name/, 'Gut Good Co');
    type(/^Product Name/, 'Granola');
    type(/^Description/, 'Oats');
    type(/^Call-to-Action Text/, 'Try it');
    type(/^Call-to-Action Link/, 'javascript:alert(1)');
    type(/^Priority/, '101');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Advertiser' }));
    expect(within(dialog()).getByText('Must be a valid URL')).toBeTruthy();
    expect(within(dialog()).getByText('Priority must be a whole number from 1 to 100')).toBeTruthy();
    expect(within(dialog()).queryByText('Name is required')).toBeNull();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('creates the advertiser with the defaults, says so, closes and lists it', async () => {
    const fetchMock = advertiserApi([]);
    renderInAdmin(<AdvertisersTab />);
    await openAdd();
    type(/^Name/, '  Gut Good Co ');
    type(/^Product Name/, 'Granola');
    type(/^Description/, 'Oats');
    type(/^Call-to-Action Text/, 'Try it');
    type(/^Call-to-Action Link/, 'https://gutgood.example');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Create Advertiser' }));

    expect(await screen.findByText(AdminMessages.advertiserCreated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('rowheader', { name: 'Gut Good Co' })).toBeTruthy();
    expect(writes(fetchMock)).toEqual([
      {
        request: 'POST /api/admin/advertisers',
        body: { name: 'Gut Good Co', productName: 'Granola', description: 'Oats', ctaText: 'Try it', ctaLink: 'https://gutgood.example', sponsorMessage: null, disclaimerText: null, isActive: true, priority: 1 },
      },
    ]);
  });

  it('edits a chosen advertiser in place of creating one, and sends its whole record with PUT', async () => {
    const fetchMock = advertiserApi([anAdvertiser({ sponsorMessage: 'Made for sensitive guts', priority: 7 })]);
    renderInAdmin(<AdvertisersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Gut Good Co' }));
    const editing = await screen.findByRole('dialog', { name: 'Edit Advertiser' });
    expect(within(editing).queryByRole('button', { name: 'Create Advertiser' })).toBeNull();
    expect(field(/^Name/).value).toBe('Gut Good Co');
    expect(field(/^Sponsor Message/).value).toBe('Made for sensitive guts');
    expect(field(/^Priority/).value).toBe('7');
    type(/^Description/, 'Now with seeds.');
    fireEvent.click(within(editing).getByLabelText('Active'));
    fireEvent.click(within(editing).getByRole('button', { name: 'Update Advertiser' }));

    expect(await screen.findByText(AdminMessages.advertiserUpdated)).toBeTruthy();
    expect(writes(fetchMock)).toEqual([
      {
        request: 'PUT /api/admin/advertisers/3',
        body: expect.objectContaining({ name: 'Gut Good Co', description: 'Now with seeds.', sponsorMessage: 'Made for sensitive guts', isActive: false, priority: 7 }),
      },
    ]);
    expect(await screen.findByText('Inactive')).toBeTruthy();
  });

  it('discards what was typed on Cancel: Add opens empty again, after an edit too', async () => {
    advertiserApi([anAdvertiser()]);
    renderInAdmin(<AdvertisersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Gut Good Co' }));
    await screen.findByRole('dialog', { name: 'Edit Advertiser' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await openAdd();
    expect(field(/^Name/).value).toBe('');
    type(/^Name/, 'Half typed');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openAdd();
    expect(field(/^Name/).value).toBe('');
  });

  it("shows the server's refusal as an 'Error' toast and keeps the form to correct", async () => {
    advertiserApi([anAdvertiser()], json(404, { message: AdminMessages.advertiserNotFound }));
    renderInAdmin(<AdvertisersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Gut Good Co' }));
    await screen.findByRole('dialog', { name: 'Edit Advertiser' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update Advertiser' }));

    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(AdminMessages.error)).toBeTruthy();
    expect(within(toast).getByText(AdminMessages.advertiserNotFound)).toBeTruthy();
    expect(field(/^Name/).value).toBe('Gut Good Co');
  });
});

describe('deleting an advertiser', () => {
  it('asks first, deletes on confirmation, says so and removes it from the list', async () => {
    const fetchMock = advertiserApi([anAdvertiser()]);
    renderInAdmin(<AdvertisersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Gut Good Co' }));
    expect(screen.getByText("Delete advertiser 'Gut Good Co'? Its past statistics are kept.")).toBeTruthy();
    expect(writes(fetchMock)).toEqual([]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(AdminMessages.advertiserDeleted)).toBeTruthy();
    expect(await screen.findByText(AdminMessages.noAdvertisers)).toBeTruthy();
    expect(writes(fetchMock)).toEqual([{ request: 'DELETE /api/admin/advertisers/3', body: undefined }]);
  });
});

describe('on a phone (390 px)', () => {
  it('lists advertisers as cards instead of a table, and opens the form full screen', async () => {
    // MUI's useMediaQuery asks matchMedia; jsdom has none, so answer as a 390 px wide screen would.
    const phoneWidth = 390;
    window.matchMedia = ((query: string) => {
      const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
      const matches = maxWidth ? phoneWidth <= Number(maxWidth[1]) : false;
      return { matches, media: query, onchange: null, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, dispatchEvent: () => false };
    }) as typeof window.matchMedia;
    try {
      advertiserApi([anAdvertiser()]);
      renderInAdmin(<AdvertisersTab />);
      const list = await screen.findByRole('list', { name: 'Advertisers' });
      expect(screen.queryByRole('table')).toBeNull();
      const item = within(list).getByRole('listitem');
      expect(within(item).getByRole('heading', { name: 'Gut Good Co' })).toBeTruthy();
      expect(within(item).getByText('Product').nextElementSibling?.textContent).toBe('Low-FODMAP Granola');
      expect(within(item).getByText('Call to action').nextElementSibling?.textContent).toBe('Try it');

      fireEvent.click(within(item).getByRole('button', { name: 'Edit Gut Good Co' }));
      const editing = await screen.findByRole('dialog', { name: 'Edit Advertiser' });
      expect(editing.className).toContain('MuiDialog-paperFullScreen');
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });
});
