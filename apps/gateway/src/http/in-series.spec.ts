import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { ErrorRequestHandler, RequestHandler } from 'express';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { inSeries } from './in-series';

let server: Server;
let base: string;

/** Marks the request and goes on, synchronously or after a turn of the event loop. */
const mark =
  (name: string, later = false): RequestHandler =>
  (req, _res, next) => {
    (req as unknown as { seen: string[] }).seen.push(name);
    if (later) setImmediate(next);
    else next();
  };

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    (req as unknown as { seen: string[] }).seen = [];
    next();
  });
  app.use(
    inSeries(mark('a'), mark('b', true), (req, _res, next) => {
      if (req.query.fail === 'next') return next(new Error('passed'));
      if (req.query.fail === 'throw') throw new Error('thrown');
      if (req.query.fail === 'reject') return Promise.reject(new Error('rejected')) as unknown as void;
      next();
    }, mark('c')),
  );
  app.get('/', (req, res) => res.json({ seen: (req as unknown as { seen: string[] }).seen }));
  const onError: ErrorRequestHandler = (error: Error, req, res, _next) => res.status(500).json({ error: error.message, seen: (req as unknown as { seen: string[] }).seen });
  app.use(onError);
  await new Promise<void>((resolve) => (server = app.listen(0, resolve)));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(query = ''): Promise<[number, unknown]> {
  const res = await fetch(`${base}/${query}`);
  return [res.status, await res.json()];
}

describe('inSeries', () => {
  it('runs every handler in order, whether it goes on at once or later, then the next layer', async () => {
    expect(await get()).toEqual([200, { seen: ['a', 'b', 'c'] }]);
  });

  it.each(['next', 'throw', 'reject'])('hands an error (%s) to the error handlers and skips the rest of the group', async (how) => {
    const message = { next: 'passed', throw: 'thrown', reject: 'rejected' }[how];
    expect(await get(`?fail=${how}`)).toEqual([500, { error: message, seen: ['a', 'b'] }]);
  });
});
