import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { httpContract } from '@fodmap/contracts';
import { eventually, suitePrefix, testConfig } from '@fodmap/testing';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect, NatsConnection } from 'nats';
import sharp from 'sharp';

/**
 * docker/nats.conf's users and subject permissions, proven with the real processes: a NATS server of the test's own
 * runs that file (with the run's prefix for `fodmap`), every built process (apps/<name>/dist) connects as its own user,
 * and a person's sign-up, meal and insights pass through requests, replies, events and consumers without one
 * permissions violation; then each service's user is refused another service's requests and events.
 */
const ROOT = resolve(__dirname, '../../..');
const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const PROCESSES = ['identity', 'journal', 'foods', 'insights', 'notifications', 'gateway'] as const;
type ProcessName = (typeof PROCESSES)[number];

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

const prefix = suitePrefix('natsperm');
const passwords = Object.fromEntries(PROCESSES.map((name) => [name, randomBytes(16).toString('hex')])) as Record<ProcessName, string>;
const storeDir = mkdtempSync(join(tmpdir(), 'nats-permissions-'));
let natsPort: number;
let natsServer: ChildProcess;
let natsLog = '';
const processes: ChildProcess[] = [];
const output: Record<string, string> = {};
let gatewayUrl: string;

const natsUrl = (user: ProcessName) => `nats://${user}:${passwords[user]}@127.0.0.1:${natsPort}`;
/** What nats-server logged refusing a client: `Publish Violation - User "journal", Subject "…"` (or Subscription). */
const violations = () => natsLog.split('\n').filter((line) => / Violation - User /.test(line));

beforeAll(async () => {
  const unbuilt = PROCESSES.filter((name) => !existsSync(join(ROOT, `apps/${name}/dist/main.js`)));
  if (unbuilt.length > 0) throw new Error(`This test runs the built processes: build ${unbuilt.join(', ')} first (npx nx run-many -t build --exclude web,admin).`);
  natsPort = await freePort();
  const config = readFileSync(join(ROOT, 'docker/nats.conf'), 'utf8')
    .replaceAll('"fodmap.', `"${prefix}.`)
    .replace('store_dir: "/data"', `store_dir: "${storeDir}"`);
  const configFile = join(storeDir, 'nats.conf');
  writeFileSync(configFile, config);
  // Quoted, as docker-compose.yml hands them over: nats-server parses a variable's value as configuration, and an
  // unquoted hex password that starts with a digit is a parse error.
  const passwordVariables = Object.fromEntries(PROCESSES.map((name) => [`NATS_${name.toUpperCase()}_PASSWORD`, `"${passwords[name]}"`]));
  natsServer = spawn(NATS_SERVER, ['-c', configFile, '-a', '127.0.0.1', '-p', String(natsPort)], { env: { ...process.env, ...passwordVariables }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [natsServer.stdout, natsServer.stderr]) stream?.on('data', (chunk) => (natsLog += String(chunk)));
  await eventually(async () => {
    if (natsServer.exitCode !== null) throw new Error(`nats-server exited with ${natsServer.exitCode}:\n${natsLog}`);
    expect(natsLog).toContain('Server is ready');
  }, 15_000);

  const port = await freePort();
  gatewayUrl = `http://127.0.0.1:${port}`;
  const base = testConfig();
  for (const name of PROCESSES) {
    const env = { ...process.env, DATABASE_URL: base.databaseUrl, NATS_PREFIX: prefix, NATS_URL: natsUrl(name), PORT: String(port), PUBLIC_URL: gatewayUrl, METRICS_PORT: '0' };
    const child = spawn(process.execPath, [join(ROOT, `apps/${name}/dist/main.js`)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    output[name] = '';
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output[name] += String(chunk)));
    processes.push(child);
  }
  await eventually(async () => {
    const exited = PROCESSES.find((_, i) => processes[i].exitCode !== null);
    if (exited) throw new Error(`${exited} exited:\n${output[exited].slice(-3000)}`);
    expect((await fetch(gatewayUrl + httpContract.platform.health.path)).status).toBe(200);
  }, 90_000, 250);
}, 120_000);

afterAll(async () => {
  await Promise.all(
    [...processes, natsServer].map(
      (child) =>
        new Promise<void>((done) => {
          if (!child || child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );
  rmSync(storeDir, { recursive: true, force: true });
});

/** A person's calls through the gateway, with the session cookie and the app's Origin; a FormData body goes as multipart. */
function person() {
  let cookie = '';
  const send = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(gatewayUrl + path, {
      method,
      headers: { Origin: gatewayUrl, Accept: 'application/json', ...(json ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    const set = res.headers.getSetCookie().map((value) => value.split(';')[0]);
    if (set.length > 0) cookie = set.join('; ');
    return res;
  };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const res = await send(method, path, body);
    return { status: res.status, body: (await res.json()) as T };
  };
  return { send, call };
}

describe('docker/nats.conf: one NATS user per process', () => {
  it('lets every process do its work: requests, replies, events, consumers, without one permissions violation', async () => {
    const { send, call } = person();
    const password = 'lentil-bake-9-permissions';
    const registered = await call('POST', httpContract.auth.register.path, { email: `nats-${prefix}@example.com`, password, confirmPassword: password, firstName: 'Nats', lastName: 'Tester' });
    expect(registered.status).toBe(201);
    const foods = await call<{ id: number }[]>('GET', `${httpContract.foods.list.path}?limit=1`);
    expect(foods.status).toBe(200);
    // journal asks foods for the food's rating: a service's request to another service.
    const meal = await call('POST', httpContract.meals.create.path, {
      mealType: 'lunch',
      name: 'Permissions lunch',
      timestamp: new Date().toISOString(),
      foods: [{ foodId: foods.body[0].id, quantity: 1, servingUnit: 'serving' }],
    });
    expect(meal.status).toBe(201);
    // insights counts the meal once its consumer has pulled journal's event from the stream.
    await eventually(async () => {
      const activity = await call<{ dailyData: { mealsCount: number }[] }>('GET', `${httpContract.insights.activity.path}?period=7`);
      expect(activity.body.dailyData.reduce((sum, day) => sum + day.mealsCount, 0)).toBe(1);
    }, 30_000, 250);
    // The gateway keeps photos in a JetStream object store: chunks on $O, read back with flow control.
    // Noise does not compress: a photo of some megabytes, whose read the server paces with flow-control requests.
    const noise = await sharp(randomBytes(1024 * 1024 * 3), { raw: { width: 1024, height: 1024, channels: 3 } }).png().toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(noise)], { type: 'image/png' }), 'me.png');
    const uploaded = await call<{ profileImageUrl: string }>('POST', httpContract.account.uploadPhoto.path, form);
    expect(uploaded.status).toBe(201);
    const photo = await send('GET', uploaded.body.profileImageUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(1024 * 1024);
    expect(violations()).toEqual([]);
  });

  it("refuses a service's user another service's requests and events, and the gateway's user any event", async () => {
    const earlier = violations().length;
    const refusals: string[] = [];
    const as = async (user: ProcessName, act: (nats: NatsConnection) => void) => {
      const nats = await connect({ servers: `127.0.0.1:${natsPort}`, user, pass: passwords[user] });
      (async () => {
        for await (const status of nats.status()) if (status.type === 'error') refusals.push(`${user}: ${String(status.data)}`);
      })();
      act(nats);
      await nats.flush();
      await new Promise((done) => setTimeout(done, 200));
      await nats.close();
    };
    await as('journal', (nats) => nats.subscribe(`${prefix}.identity.>`));
    await as('insights', (nats) => nats.publish(`${prefix}.identity.user.get`));
    await as('foods', (nats) => nats.publish(`${prefix}.events.journal.MealCreated._`));
    await as('gateway', (nats) => nats.publish(`${prefix}.events.identity.UserRegistered._`));
    await as('gateway', (nats) => nats.subscribe(`${prefix}.journal.>`));
    expect(refusals).toHaveLength(5);
    const refused = (kind: string, user: ProcessName, subject: string) => expect.stringContaining(`${kind} Violation - User "${user}", Subject "${prefix}.${subject}"`);
    expect(violations().slice(earlier)).toEqual([
      refused('Subscription', 'journal', 'identity.>'),
      refused('Publish', 'insights', 'identity.user.get'),
      refused('Publish', 'foods', 'events.journal.MealCreated._'),
      refused('Publish', 'gateway', 'events.identity.UserRegistered._'),
      refused('Subscription', 'gateway', 'journal.>'),
    ]);
  });
});
