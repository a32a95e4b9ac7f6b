// Load generation shared by the HTTP benchmarks: keep-alive GETs in a closed loop, percentiles, and the one-process
// baseline of bench/gateway-overhead.mjs (bench/lib/baseline-server.mjs) that their ratios are measured against.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { freePort, httpContract, root } from './stack.mjs';

/** One GET with a keep-alive agent; resolves with the status once the body has been read. */
export function get(agent, url, cookie) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { Cookie: cookie, Accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * One request of any method with a keep-alive agent, as the SPA sends it (cookie, Origin for a state-changing request,
 * a JSON body, an Idempotency-Key when given); resolves with the status, headers and parsed JSON body once read.
 */
export function send(agent, url, { method = 'GET', cookie, body, idempotencyKey } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? null : JSON.stringify(body);
    const headers = { Cookie: cookie, Accept: 'application/json' };
    if (method !== 'GET') headers.Origin = new URL(url).origin;
    if (payload !== null) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = { message: text.slice(0, 200) };
        }
        resolve({ status: res.statusCode, headers: res.headers, body: parsed });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}

/** `connections` loops, each sending the next request when the previous one has answered. */
export async function closedLoop(url, cookie, seconds, connections) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        const status = await get(agent, url, cookie).catch(() => 0);
        latencies.push(performance.now() - sent);
        if (status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, errors, elapsed };
}

/** JSON over HTTP as a signed-in person (`cookie`), for a bench's seeding; anything but a 2xx throws with what the gateway said. */
export function apiClient(base, cookie) {
  return async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { Cookie: cookie, Origin: base, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Requests, req/s, p50/p95/p99 and non-200 answers over one or more runs. */
export function summarize(runs) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const elapsed = runs.reduce((sum, run) => sum + run.elapsed, 0);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), errors };
}

export function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** Starts the one-process `GET /api/auth/user` baseline on the stack's database and Redis; resolves with its URL. */
export function startBaseline(config) {
  return freePort().then(
    (port) =>
      new Promise((resolve, reject) => {
        const child = fork(join(root, 'bench/lib/baseline-server.mjs'), {
          env: { ...process.env, DATABASE_URL: config.databaseUrl, REDIS_URL: config.redisUrl, NATS_PREFIX: config.natsPrefix, SESSION_SECRET: config.sessionSecret, BASELINE_PORT: String(port) },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        child.once('message', () => resolve({ url: `http://127.0.0.1:${port}${httpContract.account.user.path}`, child }));
        child.once('exit', (code) => reject(new Error(`The baseline server exited with code ${code}`)));
      }),
  );
}

const TICKS_PER_SECOND = 100;

/** User plus system CPU of a process so far, in ms (Linux /proc; USER_HZ is 100 on every Linux ABI node runs on). */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU ms so far of each PostgreSQL backend serving `db`'s database but `db` itself, by pid (PostgreSQL on this machine). */
async function postgresBackendsCpu(db) {
  const { rows } = await db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  const cpu = new Map();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {
      // The backend exited meanwhile.
    }
  }
  return cpu;
}

/**
 * Runs `phase` and adds what PostgreSQL's backends of `db`'s database (the services' pools, the locks' sessions) spent
 * on the CPU meanwhile to `totals.postgres`; a backend new in the phase counts from 0, one that exits takes its share.
 */
export async function measuringPostgresCpu(db, totals, phase) {
  const before = await postgresBackendsCpu(db);
  const result = await phase();
  for (const [pid, ms] of await postgresBackendsCpu(db)) totals.postgres = (totals.postgres ?? 0) + ms - (before.get(pid) ?? 0);
  return result;
}

/** Runs `phase` and adds what each named process spent on the CPU meanwhile to `totals`. */
export async function measuringCpu(pids, totals, phase) {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const result = await phase();
  for (const [name, pid] of Object.entries(pids)) totals[name] = (totals[name] ?? 0) + cpuMs(pid) - before[name];
  return result;
}
