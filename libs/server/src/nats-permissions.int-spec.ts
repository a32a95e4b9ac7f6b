import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { httpContract } from '@fodmap/contracts';
import { eventually, suiteDatabase, suitePrefix } from '@fodmap/testing';
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { connect, NatsConnection } from 'nats';
import sharp from 'sharp';
import { parse } from 'yaml';
import { eventStreamName } from './events/jetstream';

/**
 * The NATS users and subject permissions of k8s/components/nats-auth/auth.conf (the one copy, which Kubernetes and
 * docker-compose both use), proven with the real processes: a NATS server of the test's own runs as docker-compose.yml
 * runs its `nats` service (its command, the files it mounts, each in its place, and the passwords as it hands them
 * over), with the run's prefix for `fodmap`; every built process (apps/<name>/dist) connects as its own user, and a
 * person's sign-up, meal, insights, photo and a projection's rebuild pass through requests, replies, events and
 * consumers without one permissions violation; then each user is refused another's requests and events.
 */
const ROOT = resolve(__dirname, '../../..');
const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const PROCESSES = ['identity', 'journal', 'foods', 'insights', 'notifications', 'gateway'] as const;
type ProcessName = (typeof PROCESSES)[number];
type UserName = ProcessName | 'ops';

/** What the test reads of docker-compose.yml's `nats` service. */
interface ComposeNats {
  command: string[];
  environment: Record<string, string>;
  volumes: string[];
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

const prefix = suitePrefix('natsperm');
// Each starts as `openssl rand -hex 32` sometimes does, with what nats-server would read as a number unquoted.
const passwords = Object.fromEntries([...PROCESSES, 'ops'].map((name) => [name, `1e9${randomBytes(16).toString('hex')}`])) as Record<UserName, string>;
const storeDir = mkdtempSync(join(tmpdir(), 'nats-permissions-'));
let natsPort: number;
let natsServer: ChildProcess;
let natsLog = '';
const processes: ChildProcess[] = [];
const output: Record<string, string> = {};
let gatewayPort: number;
let gatewayUrl: string;
// A database of its own: the real identity's event positions in notifications' checkpoints would make a later suite's
// stand-in identity producer (numbering from 1) look already applied.
let database: { url: string; drop: () => Promise<void> };

const natsUrl = (user: UserName) => `nats://${user}:${passwords[user]}@127.0.0.1:${natsPort}`;
/** A built process's environment: its own NATS user, the run's database and prefix, the test's gateway address. */
const processEnv = (name: ProcessName): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: database.url,
  NATS_PREFIX: prefix,
  NATS_URL: natsUrl(name),
  PORT: String(gatewayPort),
  PUBLIC_URL: gatewayUrl,
  METRICS_PORT: '0',
});

/**
 * docker-compose.yml's NATS under a directory of the test's own that stands for the container's `/`: each bound file
 * where the service mounts it, with the run's prefix in its subjects and the JetStream store in the directory; the
 * command's paths under it; the environment with the test's passwords put in as Compose puts in the .env's.
 */
function composeNats(root: string): { args: string[]; env: Record<string, string> } {
  const nats = (parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: { nats: ComposeNats } }).services.nats;
  // The gateway's photo bucket is named from the prefix as PhotoStore names it.
  const bucket = `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}_photos`;
  for (const volume of nats.volumes.filter((entry) => entry.startsWith('./'))) {
    const [source, target] = volume.split(':');
    const text = readFileSync(join(ROOT, source), 'utf8')
      .replaceAll('"fodmap.', `"${prefix}.`)
      .replaceAll('"$O.fodmap_photos.', `"$O.${bucket}.`)
      .replace('store_dir: "/data"', `store_dir: "${join(root, 'data')}"`);
    expect({ source, unprefixed: text.match(/"(\$O\.)?fodmap[._][^"]*"/g) }).toEqual({ source, unprefixed: null });
    mkdirSync(join(root, dirname(target)), { recursive: true });
    writeFileSync(join(root, target), text);
  }
  const secrets: Record<string, string> = Object.fromEntries(Object.entries(passwords).map(([user, password]) => [`NATS_${user.toUpperCase()}_PASSWORD`, password]));
  const env = Object.fromEntries(
    Object.entries(nats.environment).map(([name, value]) => [
      name,
      value.replace(/\$\{([A-Z_]+)[^}]*\}/g, (_, variable: string) => {
        if (!(variable in secrets)) throw new Error(`docker-compose.yml's nats needs ${variable}, which this test does not know`);
        return secrets[variable];
      }),
    ]),
  );
  return { args: nats.command.map((arg) => (arg.startsWith('/') ? join(root, arg) : arg)), env };
}

/** What nats-server logged refusing a client: `Publish Violation - User "journal", Subject "…"` (or Subscription). */
const violations = () => natsLog.split('\n').filter((line) => / Violation - User /.test(line));

beforeAll(async () => {
  const unbuilt = PROCESSES.filter((name) => !existsSync(join(ROOT, `apps/${name}/dist/main.js`)));
  if (unbuilt.length > 0) throw new Error(`This test runs the built processes: build ${unbuilt.join(', ')} first (npx nx run-many -t build --exclude web,admin).`);
  database = await suiteDatabase('natsperm');
  natsPort = await freePort();
  const nats = composeNats(storeDir);
  natsServer = spawn(NATS_SERVER, [...nats.args, '-a', '127.0.0.1', '-p', String(natsPort)], { env: { ...process.env, ...nats.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [natsServer.stdout, natsServer.stderr]) stream?.on('data', (chunk) => (natsLog += String(chunk)));
  await eventually(async () => {
    if (natsServer.exitCode !== null) throw new Error(`nats-server exited with ${natsServer.exitCode}:\n${natsLog}`);
    expect(natsLog).toContain('Server is ready');
  }, 15_000);

  gatewayPort = await freePort();
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  for (const name of PROCESSES) {
    const child = spawn(process.execPath, [join(ROOT, `apps/${name}/dist/main.js`)], { cwd: ROOT, env: processEnv(name), stdio: ['ignore', 'pipe', 'pipe'] });
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
  await database?.drop();
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

describe('k8s/components/nats-auth/auth.conf, as docker-compose.yml runs NATS: one NATS user per process', () => {
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
    // An operator's rebuild runs in the service's pod with its user: JetStream's API and an ordered consumer of its own.
    const rebuilt = await new Promise<{ failure: string | null; result: string }>((done) =>
      execFile(process.execPath, [join(ROOT, 'apps/insights/dist/rebuild.js'), 'journal_history'], { cwd: ROOT, env: processEnv('insights') }, (error, stdout, stderr) =>
        done({ failure: error ? stderr.slice(-2000) : null, result: stdout.trim().split('\n').at(-1) ?? '' }),
      ),
    );
    expect(rebuilt.failure).toBeNull();
    const { projection, events } = JSON.parse(rebuilt.result) as { projection: string; events: number };
    expect({ projection, replayed: events > 0 }).toEqual({ projection: 'journal_history', replayed: true });
    expect(violations()).toEqual([]);
  });

  it("refuses a service's user another service's requests and events, the gateway's user any event, and ops both", async () => {
    const earlier = violations().length;
    const refusals: string[] = [];
    const as = async (user: UserName, act: (nats: NatsConnection) => void) => {
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
    await as('ops', (nats) => nats.publish(`${prefix}.journal.meal.create`));
    await as('ops', (nats) => nats.publish(`${prefix}.events.journal.MealCreated._`));
    expect(refusals).toHaveLength(7);
    const refused = (kind: string, user: UserName, subject: string) => expect.stringContaining(`${kind} Violation - User "${user}", Subject "${prefix}.${subject}"`);
    expect(violations().slice(earlier)).toEqual([
      refused('Subscription', 'journal', 'identity.>'),
      refused('Publish', 'insights', 'identity.user.get'),
      refused('Publish', 'foods', 'events.journal.MealCreated._'),
      refused('Publish', 'gateway', 'events.identity.UserRegistered._'),
      refused('Subscription', 'gateway', 'journal.>'),
      refused('Publish', 'ops', 'journal.meal.create'),
      refused('Publish', 'ops', 'events.journal.MealCreated._'),
    ]);
  });

  it('lets ops administer JetStream, as the nats-streams Job does: the event stream and its settings', async () => {
    const earlier = violations().length;
    const ops = await connect({ servers: `127.0.0.1:${natsPort}`, user: 'ops', pass: passwords.ops });
    try {
      const streams = await ops.jetstreamManager();
      const stream = await streams.streams.info(eventStreamName(prefix));
      expect(stream.config.subjects).toEqual([`${prefix}.events.>`]);
      expect((await streams.streams.update(stream.config.name, { ...stream.config, description: 'checked by ops' })).config.description).toBe('checked by ops');
    } finally {
      await ops.close();
    }
    expect(violations().slice(earlier)).toEqual([]);
  });
});
