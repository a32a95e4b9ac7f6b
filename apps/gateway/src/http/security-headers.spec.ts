import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { securityHeaders } from './security-headers';

/** What helmet sent with the gateway's options, every header in order, before its headers were computed once at start-up. */
const EVERY_RESPONSE: Array<[string, string]> = [
  [
    'content-security-policy',
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  ],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];
const HSTS: [string, string] = ['strict-transport-security', 'max-age=31536000; includeSubDomains'];
const NOT_SECURITY = ['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'etag'];

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  // As if behind a trusted TLS proxy whenever the request says so.
  app.set('trust proxy', true);
  app.use(securityHeaders());
  app.get('/', (_req, res) => res.json({ ok: true }));
  await new Promise<void>((resolve) => (server = app.listen(0, resolve)));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function securityHeadersOver(protocol: 'http' | 'https'): Promise<Array<[string, string]>> {
  const res = await fetch(`${base}/`, { headers: { 'X-Forwarded-Proto': protocol } });
  return [...res.headers].filter(([name]) => !NOT_SECURITY.includes(name));
}

describe('securityHeaders', () => {
  it('sends every header helmet sent (CSP, nosniff, frame and referrer policies, …) and no HSTS over plain HTTP', async () => {
    expect(await securityHeadersOver('http')).toEqual(EVERY_RESPONSE);
  });

  it('adds HSTS over TLS', async () => {
    expect(await securityHeadersOver('https')).toEqual([...EVERY_RESPONSE.slice(0, 5), HSTS, ...EVERY_RESPONSE.slice(5)]);
  });

  it('sends them on every response alike', async () => {
    const first = await securityHeadersOver('https');
    expect(await securityHeadersOver('https')).toEqual(first);
  });
});
