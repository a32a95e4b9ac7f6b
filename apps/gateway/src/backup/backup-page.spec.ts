import express from 'express';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { afterCheck, checkSites, CHECK_EVERY_MS, FetchHealth, TIMEOUT_MS } from '../../public/backup/backup.js';
import { backupPageHtml, serveBackupPage } from './backup-page';

const listening = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('backupPageHtml', () => {
  it('writes the main and backup sites into the links and the health addresses the script asks', () => {
    const html = backupPageHtml('<html data-main-health="{{MAIN_HEALTH}}" data-backup-health="{{BACKUP_HEALTH}}"><a href="{{MAIN_SITE}}"></a><a href="{{BACKUP_SITE}}"></a>', {
      publicUrl: 'https://journal.example/app',
      backupSiteUrl: 'https://backup.example',
    });
    expect(html).toBe(
      '<html data-main-health="https://journal.example/api/health" data-backup-health="https://backup.example/api/health"><a href="https://journal.example/app"></a><a href="https://backup.example"></a>',
    );
  });

  it('leaves the backup blank when none is configured, and escapes what it writes', () => {
    const html = backupPageHtml('<a href="{{MAIN_SITE}}"></a><html data-backup-health="{{BACKUP_HEALTH}}">', { publicUrl: 'https://journal.example/?a="b"&c', backupSiteUrl: null });
    expect(html).toBe('<a href="https://journal.example/?a=&quot;b&quot;&amp;c"></a><html data-backup-health="">');
  });

  it('refuses a template naming a value it does not have', () => {
    expect(() => backupPageHtml('{{MAIN_SITES}}', { publicUrl: 'https://journal.example', backupSiteUrl: null })).toThrow('names {{MAIN_SITES}}');
  });
});

describe('serveBackupPage', () => {
  const server = createServer();
  let url: string;

  beforeAll(async () => {
    const app = express();
    serveBackupPage(app, { publicUrl: 'https://journal.example', backupSiteUrl: 'https://backup.example:8443/status' });
    server.on('request', app);
    url = await listening(server);
  });
  afterAll(() => closed(server));

  it('serves the page with both sites in it and a CSP that lets it ask those two sites and no other', async () => {
    const res = await fetch(`${url}/backup`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("connect-src 'self' https://journal.example https://backup.example:8443;");
    expect(csp).toContain("script-src 'self';");
    const html = await res.text();
    expect(html).toContain('data-main-health="https://journal.example/api/health"');
    expect(html).toContain('data-backup-health="https://backup.example:8443/api/health"');
    expect(html).not.toMatch(/\{\{|<script>/);
  });

  it('serves its script and style sheet, and nothing else under /backup/', async () => {
    const script = await fetch(`${url}/backup/backup.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${url}/backup/backup.css`)).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await fetch(`${url}/backup/backup.d.ts`)).status).toBe(404);
    expect((await fetch(`${url}/backup/index.html`)).status).toBe(404);
  });
});

describe("the page's check (backup.js)", () => {
  const health = createServer((req, res) => {
    if (req.url === '/hangs/api/health') return; // never answers
    res.statusCode = req.url === '/degraded/api/health' ? 503 : 200;
    res.end('{}');
  });
  let site: string;
  let closedSite: string;

  beforeAll(async () => {
    site = await listening(health);
    const gone = createServer();
    closedSite = await listening(gone);
    await closed(gone);
  });
  afterAll(() => {
    health.closeAllConnections();
    return closed(health);
  });

  const sites = (main: string, backup: string | null = null) => ({ mainHealth: `${site}/${main}/api/health`, backupHealth: backup && `${site}/${backup}/api/health` });

  it('checks every 30 s and waits 10 s at most (spec §9)', () => {
    expect(CHECK_EVERY_MS).toBe(30_000);
    expect(TIMEOUT_MS).toBe(10_000);
  });

  it('finds the main site online when its health answers 200, without asking the backup site', async () => {
    const asked: string[] = [];
    const recording: FetchHealth = (url, init) => {
      asked.push(url);
      return fetch(url, init);
    };
    expect(await checkSites(sites('up', 'backup'), recording)).toEqual({ main: true, backup: null });
    expect(asked).toEqual([`${site}/up/api/health`]);
  });

  it('finds the main site down when its health answers 503 (a service down), and falls back to the backup site', async () => {
    expect(await checkSites(sites('degraded', 'backup'))).toEqual({ main: false, backup: true });
  });

  it('gives up on a site that does not answer within the timeout, or cannot be reached', async () => {
    const started = Date.now();
    expect(await checkSites(sites('hangs', 'hangs'), fetch, 200)).toEqual({ main: false, backup: false });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await checkSites({ mainHealth: `${closedSite}/api/health`, backupHealth: null })).toEqual({ main: false, backup: null });
  });

  it("counts another site's opaque answer (no-cors, its status unreadable) as an answer", async () => {
    const opaque: FetchHealth = async () => ({ type: 'opaque', ok: false });
    expect(await checkSites(sites('anything'), opaque)).toEqual({ main: true, backup: null });
  });

  it('resets the retry count when online and adds one each time offline (spec §4)', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const checking = { status: 'checking' as const, retries: 0, backup: null, checkedAt: null };
    const once = afterCheck(checking, { main: false, backup: true }, at);
    expect(once).toEqual({ status: 'offline', retries: 1, backup: true, checkedAt: at });
    const twice = afterCheck(once, { main: false, backup: false }, at);
    expect(twice).toMatchObject({ status: 'offline', retries: 2, backup: false });
    expect(afterCheck(twice, { main: true, backup: null }, at)).toMatchObject({ status: 'online', retries: 0, backup: null });
  });
});
