import { CreateMealInput, InsightsActivity, Messages, Rpc, httpContract } from '@fodmap/contracts';
import { loadConfig, rpcRecord } from '@fodmap/server';
import { eventually } from '@fodmap/testing';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { Client } from 'pg';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from '@jest/globals';
import { provided } from '../support/provided';
import { ApiSession, emailsTo, expectFailure, expectOk, messageOf, okBody, registerAdmin, registerUser, resetTokenSentTo, uniqueEmail } from '../support/api';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const meal = (): CreateMealInput => ({ mealType: 'lunch', name: 'Rice bowl', timestamp: new Date().toISOString() });

describe('sign-in throttling', () => {
  it('lets at most 5 of 100 concurrent wrong guesses reach the password check, and says when to retry', async () => {
    const { email } = await registerUser('guessed');
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => new ApiSession().call(httpContract.auth.login, { body: { email, password: `guess-${i}` } })),
    );
    const checked = guesses.filter((res) => res.status === 401).length;
    const refused = guesses.filter((res) => res.status === 429);
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + refused.length).toBe(100);
    expect(messageOf(refused[0])).toMatch(/try again in \d+ minutes?/);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("does not lock the owner's known device out when strangers locked the email", async () => {
    const { api: owner, email, password } = await registerUser('locked-owner');
    await owner.call(httpContract.auth.logout);
    for (let i = 0; i < 5; i++) await new ApiSession().call(httpContract.auth.login, { body: { email, password: `stranger-${i}` } });
    expect((await new ApiSession().call(httpContract.auth.login, { body: { email, password } })).status).toBe(429);

    const back = await owner.call(httpContract.auth.login, { body: { email, password } });
    expect(back.status).toBe(200);
    expect(okBody(await owner.call(httpContract.account.user)).email).toBe(email);
  });
});

describe('password reset', () => {
  it('ends every other session of the account', async () => {
    const { api: sessionA, email } = await registerUser('reset-ends');
    expect((await sessionA.call(httpContract.account.user)).status).toBe(200);

    await new ApiSession().call(httpContract.auth.forgotPassword, { body: { email } });
    const token = await resetTokenSentTo(email);
    const reset = await new ApiSession().call(httpContract.auth.resetPassword, { body: { token, newPassword: 'N3w-Passw0rd!' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: Messages.resetSuccess });

    expect((await sessionA.call(httpContract.account.user)).status).toBe(401);
  });

  it('sends at most 3 reset emails for 30 requests, and refuses the rest with 429', async () => {
    const { email } = await registerUser('reset-flood');
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await new ApiSession().call(httpContract.auth.forgotPassword, { body: { email } }));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(3);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(27);
    expect(refused[0].body.message).toMatch(/try again in \d+ minutes?/);
    expect(refused[0].headers.get('retry-after')).toMatch(/^\d+$/);
    await resetTokenSentTo(email);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await emailsTo(email)).filter((mail) => mail.text.includes('/reset-password?token=')).length).toBeLessThanOrEqual(3);
  });
});

describe('request framing', () => {
  const raw = (path: string, init: RequestInit) => fetch(provided('gatewayUrl') + path, init);
  const messageIn = async (res: Response) => ((await res.json()) as { message: string }).message;

  it('answers JSON in another charset with 415 JSON', async () => {
    const res = await raw(httpContract.auth.login.path, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=latin1' }, body: '{"email":"a@b.c"}' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: Messages.unsupportedCharset });
  });

  it('answers an unknown Content-Encoding with 415, and a body that is not what its encoding says with 400', async () => {
    const unknown = await raw(httpContract.auth.login.path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'snappy' }, body: '{}' });
    expect(unknown.status).toBe(415);
    expect(await messageIn(unknown)).toBe(Messages.unsupportedEncoding);
    const notGzip = await raw(httpContract.auth.login.path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: '{"email":"a@b.c"}' });
    expect(notGzip.status).toBe(400);
    expect(await messageIn(notGzip)).toBe(Messages.malformedBody);
    const realGzip = await raw(httpContract.auth.login.path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body: gzipSync('{"email":"a@b.c"}') });
    expect(realGzip.status).toBe(400);
    expect(await messageIn(realGzip)).toBe(Messages.loginFieldsRequired);
  });

  it('refuses a NUL byte or a lone surrogate in any string with 400 and says why', async () => {
    const { api } = await registerUser('unsafe-text');
    const nul = await api.send(httpContract.meals.create, { body: '{"mealType":"lunch","name":"Soup\\u0000","timestamp":"2026-01-01T12:00:00Z"}' });
    expectFailure(nul, 400);
    expect(nul.body.message).toBe(Messages.textUnstorable('Meal name'));
    const surrogate = await api.send(httpContract.meals.create, { body: '{"mealType":"lunch","name":"Soup \\ud800","timestamp":"2026-01-01T12:00:00Z"}' });
    expectFailure(surrogate, 400);
    expect(surrogate.body.message).toBe(Messages.textUnstorable('Meal name'));
    const query = await api.call(httpContract.foods.search, { query: { q: 'rice\u0000' } });
    expect(query.status).toBe(400);
  });

  it('answers /API/health and //api/health with a JSON 404, never the app page', async () => {
    for (const path of ['/API/health', '//api/health', '//admin/']) {
      const res = await raw(path, {});
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
    }
  });

  it('answers a request target that is not a path (POST *) with a JSON 400, not a 500', async () => {
    const url = new URL(provided('gatewayUrl'));
    const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '*', headers: { Origin: url.origin } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', fail);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: Messages.requestTargetNotPath });
  });

  it('refuses an upload form with too many or too large text fields beside the photo, and keeps no photo', async () => {
    const { api } = await registerUser('fields');
    const withPhoto = (extra: (form: FormData) => void) => {
      const form = new FormData();
      extra(form);
      form.append('photo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'me.png');
      return form;
    };
    const many = await api.call(httpContract.account.uploadPhoto, { body: withPhoto((form) => {
      for (let i = 0; i < 52; i++) form.append(`field${i}`, 'x'.repeat(10_000));
    }) });
    expect([400, 413]).toContain(many.status);
    expect(typeof many.body.message).toBe('string');
    const large = await api.call(httpContract.account.uploadPhoto, { body: withPhoto((form) => form.append('note', 'x'.repeat(64 * 1024))) });
    expect([400, 413]).toContain(large.status);
    expect(typeof large.body.message).toBe('string');
    expect(okBody(await api.call(httpContract.account.user)).profileImageUrl).toBeNull();
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff, a Referrer-Policy and no X-Powered-By on the app and the API; no HSTS over plain HTTP', async () => {
    for (const path of ['/', httpContract.platform.health.path, '/api/no-such-thing']) {
      const res = await fetch(provided('gatewayUrl') + path, { headers: { 'X-Forwarded-Proto': 'https' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
      expect(res.headers.get('x-powered-by')).toBeNull();
      // No proxy is trusted in this run, so a client's X-Forwarded-Proto does not make the request count as TLS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('cross-site requests', () => {
  it('refuses a state change from another origin even with the cookie, and creates nothing', async () => {
    const { api } = await registerUser('csrf');
    const forged = await api.call(httpContract.meals.create, { body: meal(), headers: { Origin: 'https://evil.example' } });
    expectFailure(forged, 403);
    expect(forged.body.message).toBe(Messages.crossOriginRefused);
    const crossSite = await api.call(httpContract.auth.logout, { headers: { Origin: '', 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await api.call(httpContract.account.user)).status).toBe(200);
  });

  it('accepts the app’s own origin, and a non-browser client that sends neither Origin nor Sec-Fetch-Site', async () => {
    const { api } = await registerUser('csrf-ok');
    expect((await api.call(httpContract.meals.create, { body: meal() })).status).toBe(201);
    const plain = await fetch(provided('gatewayUrl') + httpContract.meals.create.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: api.cookieHeader },
      body: JSON.stringify(meal()),
    });
    expect(plain.status).toBe(201);
  });
});

describe('admin area', () => {
  it('answers 401 to a visitor and 403 to a signed-in person who is not an admin', async () => {
    const visitor = new ApiSession();
    expect((await visitor.raw('GET', '/admin/')).status).toBe(401);
    expect((await visitor.call(httpContract.admin.advertisers)).status).toBe(401);
    const { api } = await registerUser('not-admin');
    for (const path of ['/admin/', '/admin/index.html', '/ADMIN/', httpContract.admin.advertisers.path]) {
      expect({ path, ...(await api.raw('GET', path)) }).toMatchObject({ path, status: 403, body: { message: Messages.adminOnly } });
    }
  });

  it('lets an admin through to the admin app', async () => {
    const { api } = await registerAdmin('is-admin');
    const page = await fetch(`${api.baseUrl}/admin/`, { headers: { Cookie: api.cookieHeader } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect((await api.call(httpContract.admin.advertisers)).status).toBe(200);
    // Past the guard, an unknown admin path is still the API's JSON 404.
    const unknown = await api.raw('GET', '/api/admin/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/json/);
  });
});

describe('photo URLs', () => {
  it('do not contain the user id', async () => {
    const { api, user } = await registerUser('photo-id');
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'me.png');
    const res = await api.call(httpContract.account.uploadPhoto, { body: form });
    expectOk(res);
    expect(res.body.profileImageUrl).toMatch(/^\/api\/photos\/[0-9a-f-]{36}\.png$/);
    expect(res.body.profileImageUrl).not.toContain(`/${user.id}-`);
  });
});

describe('retrying a create', () => {
  it('answers a retried Idempotency-Key with the first meal (as after a 504), refuses it with another body, and creates one meal', async () => {
    const { api, user } = await registerUser('retried');
    const key = `meal-${uniqueEmail('late')}`;
    const body: CreateMealInput = { mealType: 'lunch', name: 'Late lunch', timestamp: '2025-05-10T12:00:00.000Z' };
    const nats = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [loadConfig().natsUrl] } });
    try {
      const first = await api.call(httpContract.meals.create, { body, headers: { 'Idempotency-Key': key } });
      expect(first.status).toBe(201);
      const retry = await api.call(httpContract.meals.create, { body, headers: { 'Idempotency-Key': key } });
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      const other = await api.call(httpContract.meals.create, { body: { ...body, name: 'Something else' }, headers: { 'Idempotency-Key': key } });
      expectFailure(other, 422);
      expect(other.body.message).toBe(Messages.idempotencyKeyReused);
      const badKey = await api.call(httpContract.meals.create, { body, headers: { 'Idempotency-Key': 'with space' } });
      expectFailure(badKey, 400);
      expect(badKey.body.message).toBe(Messages.idempotencyKeyInvalid);

      // Insights counts the day's meals in event order: once it counts this later one, a duplicate would show too.
      expect((await api.call(httpContract.meals.create, { body: { ...body, name: 'Afternoon snack', mealType: 'snack' } })).status).toBe(201);
      const caller = { userId: user.id, timeZone: user.timeZone };
      // Signed as the gateway signs it: the service refuses an unsigned caller.
      const subject = `${provided('natsPrefix')}.${Rpc.insights.activity}`;
      const mealsOnTheDay = () =>
        firstValueFrom(nats.send<InsightsActivity>(subject, rpcRecord(subject, { caller, input: { startDate: '2025-05-10', endDate: '2025-05-10' } }, loadConfig().callerSecret)));
      const counted = await eventually(async () => {
        const [day] = (await mealsOnTheDay()).dailyData;
        if (day.mealsCount < 2) throw new Error(`insights counts ${day.mealsCount} meals so far`);
        return day.mealsCount;
      });
      expect(counted).toBe(2);
    } finally {
      await nats.close();
    }
  });

  it('answers a service that does not answer with 504 and Retry-After, and health names it', async () => {
    const { api } = await registerUser('outage');
    const journal = provided('stackPids').journal;
    process.kill(journal, 'SIGSTOP');
    try {
      const [create, health] = await Promise.all([api.call(httpContract.meals.create, { body: meal() }), new ApiSession().raw('GET', httpContract.platform.health.path)]);
      expectFailure(create, 504);
      expect(Number(create.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(create.body.message).toBe(Messages.serviceTimeout('journal'));
      // Health answers 503 with its report, not an error message.
      expect(health).toMatchObject({ status: 503, body: { services: { journal: 'down' }, nats: 'up', redis: 'up' } });
    } finally {
      process.kill(journal, 'SIGCONT');
    }
  });
});

describe('start-up configuration', () => {
  it('refuses to start in production without SESSION_SECRET, saying so in one line', () => {
    const env = { ...process.env };
    delete env.SESSION_SECRET;
    const run = spawnSync(process.execPath, [resolve(__dirname, '../../../gateway/dist/main.js')], {
      env: { ...env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^SESSION_SECRET must be set when NODE_ENV=production/)]);
  });
});

describe('forwarded headers', () => {
  /** GET /api/domain-config with the given headers, over a raw request so that Host can be set. */
  const brandingFor = (headers: Record<string, string>) =>
    new Promise<{ displayName: string }>((done, fail) => {
      const url = new URL(provided('gatewayUrl'));
      request({ host: url.hostname, port: url.port, path: httpContract.platform.domainConfig.path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => done(JSON.parse(body)));
      })
        .on('error', fail)
        .end();
    });

  it('chooses the branding by the Host the client sent, never by an X-Forwarded-Host no trusted proxy set', async () => {
    const db = new Client({ connectionString: provided('databaseUrl') });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO identity.domain_configs (host, name, display_name, description, primary_color, secondary_color, accent_color, logo_text, email_from, support_email, tagline)
         SELECT 'brand.example', 'brand', 'Brand Gut Diary', description, primary_color, secondary_color, accent_color, logo_text, email_from, support_email, tagline
         FROM identity.domain_configs WHERE host = 'default' ON CONFLICT (host) DO NOTHING`,
      );
    } finally {
      await db.end();
    }
    expect((await brandingFor({ Host: 'brand.example' })).displayName).toBe('Brand Gut Diary');
    expect((await brandingFor({ Host: '127.0.0.1', 'X-Forwarded-Host': 'brand.example' })).displayName).toBe('FODMAP Journal');
  });
});
