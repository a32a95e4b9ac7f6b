import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { AccountMessages, accountRoutes } from '@fodmap/contracts';
import { hrefOf } from '@fodmap/web-client';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { fakeApi, json, renderInApp, requests } from '../../test-kit';
import { DataExport } from './DataExport';

const JSON_EXPORT = hrefOf(accountRoutes.export, { query: { format: 'json' } });
const CSV_EXPORT = hrefOf(accountRoutes.export, { query: { format: 'csv' } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

const file = (type: string, name: string) => new Response('{"meals":[]}', { status: 200, headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` } });

/** What the browser was asked to save: the link's download name and the bytes behind its object URL. */
let saved: { name: string; blob: Blob }[];

beforeAll(loadToastSnackbar);
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs and does not download: the link's click records what would be saved.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe("Profile's Data Export (issue 20 §2)", () => {
  it('downloads the JSON export under the name the server gives it, the buttons disabled while it is prepared', async () => {
    let release!: () => void;
    const slow = new Promise<Response>((resolve) => {
      release = () => resolve(file('application/json', 'fodmap-journal-export-2026-11-27.json'));
    });
    const fetchMock = fakeApi((path) => (path === JSON_EXPORT ? slow : undefined));
    renderInApp(<DataExport />);

    fireEvent.click(button('Download JSON'));
    expect(await screen.findByRole('button', { name: 'Preparing your download…' })).toBeTruthy();
    expect(button('Download spreadsheet (CSV)').disabled).toBe(true);
    expect(button('Preparing your download…').disabled).toBe(true);
    release();

    await waitFor(() => expect(saved.map(({ name }) => name)).toEqual(['fodmap-journal-export-2026-11-27.json']));
    expect(await saved[0].blob.text()).toBe('{"meals":[]}');
    expect(requests(fetchMock)).toEqual([`GET ${JSON_EXPORT}`]);
    await waitFor(() => expect(button('Download JSON').disabled).toBe(false));
  });

  it('asks for the spreadsheet zip with ?format=csv', async () => {
    fakeApi((path) => (path === CSV_EXPORT ? file('application/zip', 'fodmap-journal-export-2026-11-27.zip') : undefined));
    renderInApp(<DataExport />);
    fireEvent.click(button('Download spreadsheet (CSV)'));
    await waitFor(() => expect(saved.map(({ name }) => name)).toEqual(['fodmap-journal-export-2026-11-27.zip']));
  });

  it("says so with the server's words when the export is refused, and saves nothing", async () => {
    const tooMany = AccountMessages.tooManyExports(1800);
    fakeApi((path) => (path === CSV_EXPORT ? json(429, { message: tooMany }) : undefined));
    renderInApp(<DataExport />);
    fireEvent.click(button('Download spreadsheet (CSV)'));
    expect(await screen.findByText(AccountMessages.exportFailed)).toBeTruthy();
    expect(screen.getByText(tooMany)).toBeTruthy();
    expect(saved).toEqual([]);
    expect(button('Download spreadsheet (CSV)').disabled).toBe(false);
  });
});
