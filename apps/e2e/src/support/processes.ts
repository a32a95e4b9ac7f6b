/**
 * The built product's processes, started one by one: the stack of the API suites (stack-setup.ts), and the replicas
 * the rollout and migration tests start, restart, SIGTERM and SIGKILL as Kubernetes would.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { startMailcatcher } from '@fodmap/mailcatcher';
import { loadConfig } from '@fodmap/server';
import { Client } from 'pg';
import { connect } from 'nats';
import Redis from 'ioredis';

const ROOT = resolve(__dirname, '../../../..');

export const SERVICES = ['identity', 'journal', 'foods', 'insights', 'notifications'] as const;
export type ProcessName = (typeof SERVICES)[number] | 'gateway';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One running process of the built product (`apps/<name>/dist/main.js`), what it prints going to `log`. */
export class StackProcess {
  /** Resolves when the process says it is ready (the line bootstrapService or the gateway prints after listening). */
  readonly ready: Promise<void>;
  readonly exited: Promise<Exit>;

  private constructor(
    readonly name: ProcessName,
    readonly child: ChildProcess,
    label: string,
    log: WriteStream,
  ) {
    this.exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
    const readyLine = name === 'gateway' ? 'gateway ready on' : `${name} service ready`;
    this.ready = new Promise((done, fail) => {
      let printed = '';
      child.stdout?.on('data', (chunk) => {
        printed = (printed + String(chunk)).slice(-4000);
        if (printed.includes(readyLine)) done();
      });
      void this.exited.then(({ code, signal }) => fail(new Error(`${label} exited (${signal ?? code}) before it was ready`)));
    });
    // A rejection nobody awaits (a process killed after it was ready) must not fail the run.
    this.ready.catch(() => undefined);
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => log.write(prefixLines(label, String(chunk))));
  }

  /** Starts `apps/<name>/dist/<script>`: the process itself, or one of its commands (`rebuild.js`). */
  static start(name: ProcessName, env: NodeJS.ProcessEnv, log: WriteStream, label: string = name, script = 'main.js', args: string[] = []): StackProcess {
    const child = spawn(process.execPath, [resolve(ROOT, `apps/${name}/dist/${script}`), ...args], { cwd: ROOT, env: { METRICS_PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    return new StackProcess(name, child, label, log);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` and waits for the exit, timing it. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit & { ms: number }> {
    const started = Date.now();
    if (this.running) this.child.kill(signal);
    const exit = await this.exited;
    return { ...exit, ms: Date.now() - started };
  }
}

/** Each line of a chunk a process printed, after the process's name: a chunk may hold many lines, or part of one. */
export function prefixLines(name: string, chunk: string): string {
  return chunk.replace(/^(?=.)/gm, `${name}| `);
}

/** Removes what a run left behind: its database, its JetStream streams (and object stores), its Redis keys. */
export async function removeRunData(adminUrl: string, database: string, natsUrl: string, prefix: string, redisUrl: string): Promise<void> {
  if (!database.includes('test')) throw new Error(`Refusing to drop ${database}: not a test database`);
  const admin = new URL(adminUrl);
  admin.pathname = '/postgres';
  const pg = new Client({ connectionString: admin.toString() });
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await pg.end();

  const nats = await connect({ servers: natsUrl });
  const jsm = await nats.jetstreamManager();
  for await (const stream of jsm.streams.list()) {
    if (stream.config.name.startsWith(prefix) || stream.config.name.startsWith(`OBJ_${prefix}`)) await jsm.streams.delete(stream.config.name);
  }
  await nats.close();

  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** A run of processes apart from the suite's stack: a database, NATS prefix, mail catcher and log of its own. */
export interface SeparateRun {
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  log: WriteStream;
  logFile: string;
  /** Removes the run's data; call it once its processes have stopped. */
  remove(): Promise<void>;
}

export async function separateRun(label: string, env: NodeJS.ProcessEnv = {}): Promise<SeparateRun> {
  const base = loadConfig();
  const runId = `${label}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const databaseUrl = new URL(base.databaseUrl);
  databaseUrl.pathname = `/fodmap_test_${runId}`;
  const natsPrefix = `e2e_${runId}`;
  const mail = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  const logFile = join(ROOT, 'test-results', `stack-${runId}.log`);
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  return {
    env: { ...process.env, DATABASE_URL: databaseUrl.toString(), NATS_PREFIX: natsPrefix, SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`, ...env },
    databaseUrl: databaseUrl.toString(),
    log,
    logFile,
    async remove() {
      log.end();
      await mail.close();
      await removeRunData(base.databaseUrl, databaseUrl.pathname.slice(1), base.natsUrl, natsPrefix, base.redisUrl);
    },
  };
}
