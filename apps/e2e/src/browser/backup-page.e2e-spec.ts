import { eventually } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChildProcess, spawn } from 'node:child_process';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Page } from 'playwright-core';
import { httpContract } from '@fodmap/contracts';
import { phone, seen, stillShot, suiteBrowser } from '../support/browser';
import { inspectLayout } from '../support/layout-check';
import { provided } from '../support/provided';

const browser = suiteBrowser();
const HEALTH = httpContract.platform.health.path;
/** WCAG 2.5.5's touch target, as the rest of the app is held to (zoom.e2e-spec.ts). */
const MIN_TARGET_PX = 44;

const listening = (server: Server) =>
  new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

/** The backup site: another origin whose GET /api/health answers until the test closes it. */
const backupSite = createServer((req, res) => {
  res.statusCode = req.url === HEALTH ? 200 : 404;
  res.end('{}');
});
let backupUrl: string;

/**
 * The main site: a gateway of the stack's own (its NATS prefix, so its services) configured with that backup site, as an
 * operator's BACKUP_SITE_URL would be. The stack's first gateway has none.
 */
let gateway: ChildProcess;
let mainUrl: string;
let gatewayOutput = '';

beforeAll(async () => {
  backupUrl = await listening(backupSite);
  const probe = createServer();
  const port = Number(new URL(await listening(probe)).port);
  await new Promise((done) => probe.close(done));
  mainUrl = `http://127.0.0.1:${port}`;
  gateway = spawn(process.execPath, [resolve(__dirname, '../../../gateway/dist/main.js')], {
    env: { ...process.env, NATS_PREFIX: provided('natsPrefix'), DATABASE_URL: provided('databaseUrl'), PORT: String(port), PUBLIC_URL: mainUrl, BACKUP_SITE_URL: backupUrl, METRICS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [gateway.stdout, gateway.stderr]) stream?.on('data', (chunk) => (gatewayOutput += String(chunk)));
  await eventually(async () => {
    if (gateway.exitCode !== null) throw new Error(`The second gateway exited with ${gateway.exitCode}:\n${gatewayOutput}`);
    expect((await fetch(mainUrl + HEALTH)).status).toBe(200);
  }, 60_000, 250);
});

afterAll(async () => {
  if (gateway.exitCode === null) {
    const exited = new Promise((done) => gateway.once('exit', done));
    gateway.kill('SIGTERM');
    await exited;
  }
  if (backupSite.listening) await new Promise((done) => backupSite.close(done));
});

/** A phone at /backup that notes every request the page makes and every CSP violation it reports. */
async function statusPage(): Promise<{ page: Page; requested: string[]; violations: string[] }> {
  const { page } = await phone(browser(), mainUrl);
  const requested: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/backup');
  return { page, requested, violations };
}

/** Nothing cut off, overlapping or off the 390 px screen, and every control a finger's size. */
async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(inspectLayout)).toEqual([]);
  for (const control of await page.locator('.actions a:visible, .actions button:visible').all()) {
    expect((await control.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(MIN_TARGET_PX);
  }
}

describe('the /backup status page (spec §2)', () => {
  it('shows the main site online at 390 px, with both sites, the last-checked time, the features and the about section', async () => {
    const before = Date.now();
    const { page, requested, violations } = await statusPage();
    await seen(page.getByText('Main site is Online'));
    expect(await page.getByRole('link', { name: 'Go to Main Site' }).getAttribute('href')).toBe(mainUrl);
    expect(await page.getByRole('link', { name: 'Use Backup Site' }).getAttribute('href')).toBe(backupUrl);
    await seen(page.getByText(/^Last checked: /));
    const checkedAt = Date.parse((await page.locator('time').getAttribute('datetime')) ?? '');
    expect(checkedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(checkedAt).toBeLessThanOrEqual(Date.now());
    expect(await page.getByRole('alert').isVisible()).toBe(false);

    expect(await page.getByRole('heading', { name: 'Features' }).isVisible()).toBe(true);
    expect(await page.getByRole('listitem').allInnerTexts()).toEqual([
      '800+ FODMAP-rated foods database',
      'Daily meal and symptom tracking',
      'Personalised insights',
      'Symptom correlation analysis',
    ]);
    expect(await page.getByRole('heading', { name: 'About' }).isVisible()).toBe(true);
    await fitsThePhone(page);
    await stillShot(page, 'backup-online');

    // The page and its two files, then the main site's health: no session, no branding, nothing else of the API.
    const paths = requested.map((url) => new URL(url).pathname);
    expect([...new Set(paths)].sort()).toEqual([HEALTH, '/backup', '/backup/backup.css', '/backup/backup.js'].sort());
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("says the main site is unavailable while the gateway's services are stopped, counts each retry and falls back to the backup site", async () => {
    const services = Object.entries(provided('stackPids')).filter(([name]) => name !== 'gateway');
    for (const [, pid] of services) process.kill(pid, 'SIGSTOP');
    try {
      expect((await fetch(mainUrl + HEALTH)).status).toBe(503);
      const { page, violations } = await statusPage();
      const alert = page.getByRole('alert');
      await seen(alert.getByText('Main site is temporarily unavailable'));
      await seen(alert.getByText('Retry count: 1', { exact: true }));
      // The backup site is another origin: the page reaches it through the CSP's connect-src, without CORS.
      await seen(alert.getByText('Backup site is Online'));
      expect(await alert.getByRole('button', { name: 'Check Site Status' }).isVisible()).toBe(true);
      expect(await alert.getByRole('link', { name: 'Try Main Site Anyway' }).getAttribute('href')).toBe(mainUrl);
      expect(await alert.getByRole('link', { name: 'Use Backup Site' }).getAttribute('href')).toBe(backupUrl);
      expect(await page.getByText('Main site is Online').isVisible()).toBe(false);
      await fitsThePhone(page);
      await stillShot(page, 'backup-unavailable');

      const closed = new Promise((done) => backupSite.close(done));
      backupSite.closeAllConnections();
      await closed;
      await alert.getByRole('button', { name: 'Check Site Status' }).click();
      await seen(alert.getByText('Retry count: 2', { exact: true }));
      await seen(alert.getByText('The backup site did not answer either'));

      for (const [, pid] of services) process.kill(pid, 'SIGCONT');
      await alert.getByRole('button', { name: 'Check Site Status' }).click();
      await seen(page.getByText('Main site is Online'));
      expect(await alert.isVisible()).toBe(false);
      expect(violations).toEqual([]);
      await page.context().close();
    } finally {
      for (const [, pid] of services) process.kill(pid, 'SIGCONT');
    }
  });
});
