import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { suitePrefix, testConfig } from '@fodmap/testing';
import express from 'express';
import Redis from 'ioredis';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { CallerSerializer } from './caller.serializer';
import { batchedReads, SESSION_COOKIE, sessionHandlers } from './session';

const redis = new Redis(testConfig().redisUrl);
let server: Server;
let base: string;

beforeAll(async () => {
  // Registers itself with passport, as the gateway's module does.
  new CallerSerializer();
  const app = express();
  app.use(sessionHandlers(app, redis, 'session-test-secret', suitePrefix(`session${Date.now()}`), false));
  // As UserSessions.signIn leaves a session: passport's caller and the sign-in time.
  app.post('/sign-in', (req, res, next) => {
    req.logIn({ caller: { userId: 5, timeZone: 'Europe/London' } }, (error) => {
      if (error) return next(error);
      req.session.signedInAt = Date.now();
      res.json({ signedIn: true });
    });
  });
  app.get('/me', (req, res) => res.json({ userId: req.isAuthenticated() ? req.user?.caller.userId : null }));
  app.post('/renew', (req, res) => {
    req.session.signedInAt = Date.now();
    res.json({ renewed: true });
  });
  await new Promise<void>((resolve) => (server = app.listen(0, resolve)));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await redis.quit();
});

async function call(method: string, path: string, cookie?: string): Promise<{ body: unknown; setCookie: string | undefined }> {
  const res = await fetch(base + path, { method, headers: cookie ? { Cookie: cookie } : {} });
  return { body: await res.json(), setCookie: res.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`)) };
}

describe('the session cookie', () => {
  it('is set at sign-in, re-sent with a fresh expiry on the next request, then at most once a minute, and whenever the session changes', async () => {
    const signIn = await call('POST', '/sign-in');
    expect(signIn.setCookie).toMatch(/Expires=.*HttpOnly; SameSite=Lax/);
    const cookie = String(signIn.setCookie).split(';')[0];

    const first = await call('GET', '/me', cookie);
    expect(first).toEqual({ body: { userId: 5 }, setCookie: expect.stringContaining(cookie) });

    const again = await call('GET', '/me', cookie);
    expect(again).toEqual({ body: { userId: 5 }, setCookie: undefined });

    const changed = await call('POST', '/renew', cookie);
    expect(changed.setCookie).toContain(cookie);
  });

  it('is never set for a cookie that names no session', async () => {
    const forged = `${SESSION_COOKIE}=s%3Anobody.forged`;
    expect(await call('GET', '/me', forged)).toEqual({ body: { userId: null }, setCookie: undefined });
    expect(await call('GET', '/me', forged)).toEqual({ body: { userId: null }, setCookie: undefined });
  });
});

describe('session reads', () => {
  it('answers many people signed in at once, each with their own session, and a visitor without one', async () => {
    const cookies = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async () => {
        const signIn = await call('POST', '/sign-in');
        return String(signIn.setCookie).split(';')[0];
      }),
    );
    const answers = await Promise.all([...cookies.map((cookie) => call('GET', '/me', cookie)), call('GET', '/me')]);
    expect(answers.map(({ body }) => body)).toEqual([...cookies.map(() => ({ userId: 5 })), { userId: null }]);
  });

  it('sends the reads of one turn together, each answered with its own key, and fails only a read Redis refused', async () => {
    const prefix = suitePrefix(`reads${Date.now()}`);
    await redis.set(`${prefix}:a`, 'first');
    await redis.set(`${prefix}:b`, 'second');
    await redis.hset(`${prefix}:hash`, 'field', 'value');
    const read = batchedReads(redis);
    const results = await Promise.allSettled([read(`${prefix}:a`), read(`${prefix}:missing`), read(`${prefix}:hash`), read(`${prefix}:b`)]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'refused'))).toEqual(['first', null, 'refused', 'second']);
    await redis.del(`${prefix}:a`, `${prefix}:b`, `${prefix}:hash`);
  });
});
