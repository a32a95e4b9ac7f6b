import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { httpRequestDuration, usePseudonymKey, userPseudonym } from '@fodmap/server';
import express from 'express';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { requestObserver } from './access-log';
import { giveRequestIds, REQUEST_ID_HEADER } from './request-id';

let server: Server;
let base: string;

beforeAll(async () => {
  usePseudonymKey('access-log-test');
  const app = express();
  app.use(giveRequestIds);
  app.use((req, _res, next) => {
    // As passport's session middleware sets it for a signed-in person.
    if (req.get('X-Test-User')) req.user = { caller: { userId: Number(req.get('X-Test-User')), timeZone: 'Europe/London' } } as Express.User;
    next();
  });
  app.use(requestObserver());
  app.patch('/api/meals/:id/complete', (_req, res) => {
    res.status(200).json({ ok: true });
  });
  await new Promise<void>((resolve) => (server = app.listen(0, resolve)));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What the process printed while `work` ran, one parsed JSON line each: `count` of them, which may follow the answer. */
async function printed(count: number, work: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (written.push(String(chunk)), true));
  try {
    await work();
    // The access line is written when the response has finished, which its client may see a moment before.
    for (let waited = 0; written.join('').split('\n').filter(Boolean).length < count && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    spy.mockRestore();
  }
  return written.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
}

const countOf = async (labels: Record<string, string>) =>
  (await httpRequestDuration.get()).values.find((value) => value.metricName?.endsWith('_count') && Object.entries(labels).every(([key, want]) => String(value.labels[key]) === want))?.value ?? 0;

describe('requestObserver', () => {
  it('times a request under its route, not its URL, and writes one access line with its correlation id and pseudonym', async () => {
    const before = await countOf({ route: '/api/meals/:id/complete', status: '200', method: 'PATCH' });
    const lines = await printed(1, () => fetch(`${base}/api/meals/918273645/complete?secret=x`, { method: 'PATCH', headers: { [REQUEST_ID_HEADER]: 'req-7', 'X-Test-User': '31' } }));
    expect(await countOf({ route: '/api/meals/:id/complete', status: '200', method: 'PATCH' })).toBe(before + 1);
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'request', level: 'info', correlationId: 'req-7', method: 'PATCH', route: '/api/meals/:id/complete', status: 200, user: userPseudonym(31), durationMs: expect.any(Number) }),
    ]);
    // Neither the meal's id nor the query string: an id is personal, and a query can carry anything.
    expect(JSON.stringify(lines)).not.toMatch(/918273645|secret/);
  });

  it('labels what no route took as unmatched under /api, and as static elsewhere', async () => {
    const lines = await printed(2, async () => {
      await fetch(`${base}/api/nothing/here`);
      await fetch(`${base}/assets/app.js`);
    });
    expect(lines.map((line) => [line.route, line.status, line.user])).toEqual([
      ['unmatched', 404, undefined],
      ['static', 404, undefined],
    ]);
  });
});
