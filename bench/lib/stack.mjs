// The built product for a benchmark, started the way the end-to-end suites start it (apps/e2e/src/support/stack-setup.ts):
// a database `fodmap_bench_<run>`, a NATS prefix `bench_<run>`, a free port and a mail catcher of its own, all removed by
// stop(). With GATEWAY_URL set, a running stack is used instead and nothing is started or removed; DATABASE_URL,
// NATS_PREFIX and SESSION_SECRET (and CALLER_SECRET for a bench that sends RPCs) must then be the stack's where a bench reads its data.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const require = createRequire(import.meta.url);
export const SERVICES = ['identity', 'journal', 'foods', 'insights', 'notifications'];

const { loadConfig, requireDependencies, seededRandom } = require(join(root, 'libs/server/dist/index.js'));
/** The HTTP contract (libs/contracts/src/http): every bench takes its routes' paths from it. */
export const { httpContract, pathTo } = require(join(root, 'libs/contracts/dist/index.js'));

/** A seeded pseudo-random sequence (libs/server's mulberry32), so that two runs do the same thing. */
export { seededRandom };

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `services` and the gateway; resolves when /api/health reports each of them up.
 * `nodeArgs` maps a process name to extra node options (e.g. a profiler preload); Their output is kept in `output`.
 * `gatewayUrl` (default GATEWAY_URL) names a running stack to use instead. `config` is the stack's (its database URL and
 * NATS prefix), for a bench that reads or writes its data or runs service code in its own process. `startGateway(env, nodeArgs)`
 * starts one more gateway with extra environment (null for a running stack).
 */
export async function startStack({ services = SERVICES, nodeArgs = {}, env: extraEnv = {}, gatewayUrl: runningUrl = process.env.GATEWAY_URL } = {}) {
  if (runningUrl) {
    const config = loadConfig();
    return { gatewayUrl: runningUrl.replace(/\/$/, ''), config, pids: {}, output: [], stop: async () => {}, startGateway: null, opsPorts: () => NPM_START_OPS_PORTS };
  }
  const base = loadConfig();
  await requireDependencies(base, ['postgres', 'nats', 'redis']);
  const run = randomBytes(4).toString('hex');
  const databaseUrl = new URL(base.databaseUrl);
  databaseUrl.pathname = `/fodmap_bench_${run}`;
  const natsPrefix = `bench_${run}`;
  const port = await freePort();
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const { startMailcatcher } = await import('@fodmap/mailcatcher');
  const mail = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  const env = {
    ...process.env,
    // A bench seeds years of one person's history through the API, and analyses it with the cache off: far more than
    // a person writes, or asks of Insights, in a minute.
    JOURNAL_WRITES_PER_MINUTE: '0',
    INSIGHTS_ANALYSES_PER_MINUTE: '0',
    ...extraEnv,
    DATABASE_URL: databaseUrl.toString(),
    NATS_PREFIX: natsPrefix,
    PORT: String(port),
    PUBLIC_URL: gatewayUrl,
    SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
    // The benches sign many people up from one address: above the registration limits (issue 20).
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000000',
    REGISTRATIONS_PER_MINUTE: '1000000',
    // Each process's ops server (metrics, health) on a free port of its own.
    METRICS_PORT: '0',
  };
  const output = [];
  const names = [...services, 'gateway'];
  const children = names.map((name) => {
    const args = [...(nodeArgs[name] ?? []), join(root, `apps/${name}/dist/main.js`)];
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(`${name}| ${chunk}`));
    child.stderr.on('data', (chunk) => output.push(`${name}| ${chunk}`));
    return child;
  });
  const config = loadConfig(env);
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await mail.close();
    await removeRunData(base, databaseUrl.pathname.slice(1), natsPrefix);
  };
  try {
    await waitUntilUp(gatewayUrl, services, children);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${output.join('').slice(-4000)}`);
  }
  /** One more gateway of this stack (a replica, sharing its Redis and services) with `gatewayEnv`; stopped with it. */
  const startGateway = async (gatewayEnv, gatewayNodeArgs = []) => {
    const replicaPort = await freePort();
    const url = `http://127.0.0.1:${replicaPort}`;
    const child = spawn(process.execPath, [...gatewayNodeArgs, join(root, 'apps/gateway/dist/main.js')], { cwd: root, env: { ...env, ...gatewayEnv, PORT: String(replicaPort), PUBLIC_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(`gateway ${replicaPort}| ${chunk}`));
    child.stderr.on('data', (chunk) => output.push(`gateway ${replicaPort}| ${chunk}`));
    children.push(child);
    await waitUntilUp(url, services, [child]);
    return { url, pid: child.pid };
  };
  const mailUrl = `http://127.0.0.1:${mail.httpPort}`;
  /** Each process's ops port (/metrics, health), as it logged it at start-up ('ops server on port …'). */
  const opsPorts = () => {
    const ports = {};
    for (const chunk of output) {
      const found = /^(\w+)\| [\s\S]*?"metricsPort":(\d+)/.exec(chunk);
      if (found && names.includes(found[1])) ports[found[1]] = Number(found[2]);
    }
    return ports;
  };
  return { gatewayUrl, mailUrl, config, pids: Object.fromEntries(names.map((name, i) => [name, children[i].pid])), output, stop, startGateway, opsPorts };
}

/** The ops ports `npm start` gives each process (README, METRICS_PORT), for a bench on a running stack. */
export const NPM_START_OPS_PORTS = { gateway: 9464, identity: 9465, journal: 9466, foods: 9467, insights: 9468, notifications: 9469 };

/**
 * Opens the confirmation links emailed to every address of `emails` (issue 20), read from the mail catcher of a stack
 * this bench started, all of them from one read of its messages per poll; resolves when every one is confirmed.
 */
export async function confirmEmails(gatewayUrl, mailUrl, emails, timeoutMs = 60_000) {
  const waiting = new Set(emails.map((email) => email.toLowerCase()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await (await fetch(`${mailUrl}/api/messages`)).json();
    const links = new Map();
    for (const message of messages) {
      const link = message.text.match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0];
      const address = message.to.map((to) => to.toLowerCase()).find((to) => waiting.has(to));
      if (link && address) links.set(address, link);
    }
    for (const [address, link] of links) {
      const res = await fetch(gatewayUrl + httpContract.auth.verifyEmail.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: gatewayUrl },
        body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
      });
      if (!res.ok) throw new Error(`Confirming ${address} failed: ${res.status} ${await res.text()}`);
      waiting.delete(address);
    }
    if (waiting.size === 0) return;
    if (Date.now() > deadline) throw new Error(`No confirmation email reached ${[...waiting].slice(0, 3).join(', ')}${waiting.size > 3 ? ` and ${waiting.size - 3} more` : ''} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Empties the mail catcher of a stack this bench started (it keeps every message in its process's memory). */
export async function clearMail(mailUrl) {
  await fetch(`${mailUrl}/api/messages`, { method: 'DELETE' });
}

/** Opens the confirmation link emailed to `email` (issue 20), read from the mail catcher of a stack this bench started. */
export function confirmEmail(gatewayUrl, mailUrl, email, timeoutMs = 20_000) {
  return confirmEmails(gatewayUrl, mailUrl, [email], timeoutMs);
}

async function waitUntilUp(gatewayUrl, services, children, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const crashed = children.find((child) => child.exitCode !== null);
    if (crashed) throw new Error(`${crashed.spawnargs.at(-1)} exited with code ${crashed.exitCode}`);
    const report = await fetch(gatewayUrl + httpContract.platform.health.path).then((res) => res.json()).catch(() => null);
    if (report && services.every((name) => report.services?.[name] === 'up')) return;
    if (Date.now() > deadline) throw new Error(`The bench stack was not up within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export async function removeRunData(base, database, prefix) {
  const { Client } = require('pg');
  const admin = new URL(base.databaseUrl);
  admin.pathname = '/postgres';
  const pg = new Client({ connectionString: admin.toString() });
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await pg.end();
  const { connect } = require('nats');
  const nats = await connect({ servers: base.natsUrl });
  const jsm = await nats.jetstreamManager();
  for await (const stream of jsm.streams.list()) {
    if (stream.config.name.startsWith(prefix) || stream.config.name.startsWith(`OBJ_${prefix}`)) await jsm.streams.delete(stream.config.name);
  }
  await nats.close();
  const Redis = require('ioredis');
  const redis = new Redis(base.redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

/** Registers a new person (in `timeZone`, else the product's default); returns the session cookie (`name=value`) and the user. */
export async function signUp(gatewayUrl, label, timeZone) {
  const password = 'Bench-Password-9';
  const res = await fetch(gatewayUrl + httpContract.auth.register.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: gatewayUrl },
    body: JSON.stringify({ email: `${label}.${randomBytes(4).toString('hex')}@example.com`, password, confirmPassword: password, firstName: 'Bench', lastName: 'Mark', timeZone }),
  });
  if (res.status !== 201) throw new Error(`Registering the bench user failed: ${res.status} ${await res.text()}`);
  const user = await res.json();
  const session = res.headers.getSetCookie().find((cookie) => cookie.startsWith('fodmap.sid='));
  return { cookie: session.split(';')[0], user, password };
}
