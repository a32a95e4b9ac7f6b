import express from 'express';
import { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { giveRequestIds } from './request-id';

describe('giveRequestIds', () => {
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  let url: string;

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(giveRequestIds);
    app.post('/echo', async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.json({ correlationId: req.correlationId });
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"a":1}' });

  it("keeps a plain client X-Request-Id, echoes it and makes it the request's correlation id", async () => {
    const res = await post({ 'X-Request-Id': 'req-123.abc' });
    expect(res.headers.get('x-request-id')).toBe('req-123.abc');
    expect(await res.json()).toEqual({ correlationId: 'req-123.abc' });
  });

  it('replaces a missing or unsafe X-Request-Id with a new id', async () => {
    for (const headers of [{}, { 'X-Request-Id': 'x'.repeat(101) }, { 'X-Request-Id': 'a b<script>' }]) {
      const res = await post(headers);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await res.json()).toEqual({ correlationId: id });
    }
  });
});
