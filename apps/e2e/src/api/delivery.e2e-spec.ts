import { FoodSummary, httpContract } from '@fodmap/contracts';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { provided } from '../support/provided';
import { ApiSession, expectFailure, okBody, registerAdmin, registerUser } from '../support/api';

const ROOT = resolve(__dirname, '../../../..');
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the bytes as sent, before any decoding */
  body: Buffer;
}

/** A GET as a browser sends it, with the bytes as they arrive (fetch would decode them and hide the encoding). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((done, fail) => {
    request(provided('gatewayUrl') + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

const decode = (res: RawResponse) =>
  res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;

/** The entry script index.html names, e.g. /assets/index-1a2b3c.js. */
function entryScript(html: string): string {
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`index.html names no entry script: ${html}`);
  return src;
}

describe('the phone app and the admin app, as a phone downloads them', () => {
  it('sends index.html brotli-compressed, revalidated on every visit, for any client-side route', async () => {
    for (const path of ['/', '/dashboard', '/reset-password?token=abc']) {
      const res = await rawGet(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res).toString()).toBe(readFileSync(join(ROOT, 'apps/web/dist/index.html'), 'utf8'));
    }
  });

  it('sends a hashed script as brotli, gzip or plain by what the browser accepts, cached for a year', async () => {
    const html = decode(await rawGet('/', { 'Accept-Encoding': 'br' })).toString();
    const script = entryScript(html);
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const onDisk = readFileSync(join(ROOT, 'apps/web/dist', script));

    for (const [accepted, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await rawGet(script, { 'Accept-Encoding': accepted });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['content-encoding']).toBe(sent);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(decode(res).equals(onDisk)).toBe(true);
      if (sent) expect(res.body.length).toBeLessThan(onDisk.length / 2);
    }
  });

  it('answers a missing hashed file with a 404, not with index.html', async () => {
    const res = await rawGet('/assets/index-gone.js', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('serves the admin app the same way at /admin/, to an admin', async () => {
    const { api } = await registerAdmin('delivery-admin');
    const page = await rawGet('/admin/', { 'Accept-Encoding': 'br', Cookie: api.cookieHeader });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    const script = entryScript(decode(page).toString());
    expect(script).toMatch(/^\/admin\/assets\/.+\.js$/);
    const asset = await rawGet(script, { 'Accept-Encoding': 'gzip', Cookie: api.cookieHeader });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
  });
});

describe('/api responses', () => {
  let ann: ApiSession;
  beforeAll(async () => {
    ann = (await registerUser('delivery-ann', 'Ann')).api;
  });

  it('compresses JSON over 1 KB and leaves small answers as they are', async () => {
    const list = await rawGet(httpContract.foods.list.path, { Cookie: ann.sessionCookie, 'Accept-Encoding': 'gzip' });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers.vary).toMatch(/Accept-Encoding/i);
    const { foodCount } = okBody(await ann.call(httpContract.foods.catalogue));
    expect((JSON.parse(decode(list).toString()) as FoodSummary[]).length).toBe(foodCount);

    const health = await rawGet(httpContract.platform.health.path, { 'Accept-Encoding': 'gzip' });
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('GET /api/foods paging', () => {
  let ann: ApiSession;
  let everything: FoodSummary[];
  beforeAll(async () => {
    ann = (await registerUser('paging-ann', 'Ann')).api;
    for (const name of ['Paging soup', 'Paging stew']) expect((await ann.call(httpContract.foods.quickAdd, { body: { name, fodmapRating: 'low' } })).status).toBe(201);
    everything = okBody(await ann.call(httpContract.foods.list));
  });

  it('lists every food without limit, the caller’s own first', async () => {
    const { foodCount } = okBody(await ann.call(httpContract.foods.catalogue));
    expect(everything.length).toBe(foodCount + 2);
    expect(everything.slice(0, 2).map((food) => food.name)).toEqual(['Paging stew', 'Paging soup']);
  });

  it('answers a page of that same order with limit and offset, across the private foods and the catalogue', async () => {
    expect((await ann.call(httpContract.foods.list, { query: { limit: '6' } })).body).toEqual(everything.slice(0, 6));
    expect((await ann.call(httpContract.foods.list, { query: { limit: '3', offset: '1' } })).body).toEqual(everything.slice(1, 4));
    expect((await ann.call(httpContract.foods.list, { query: { limit: '2', offset: '5' } })).body).toEqual(everything.slice(5, 7));
    expect((await ann.call(httpContract.foods.list, { query: { offset: '1320' } })).body).toEqual(everything.slice(1320));
    expect((await ann.call(httpContract.foods.list, { query: { limit: '5', offset: everything.length } })).body).toEqual([]);
  });

  it('answers a limit or offset that is not a whole number in range with a 400 that says why', async () => {
    for (const query of ['limit=0', 'limit=-1', 'limit=abc', 'limit=1.5', 'limit=', 'limit=1e3', 'limit=99999999999', 'offset=-1', 'offset=x']) {
      const res = await ann.send(httpContract.foods.list, { query: Object.fromEntries(new URLSearchParams(query)) });
      expectFailure(res, 400);
      expect(res.body.message).toMatch(/^(limit|offset) must be a whole number from [01] to 2147483647$/);
    }
  });
});
