// Runs the whole product from the built apps: the gateway (http://localhost:3000), the five services, and, unless
// SMTP_URL points elsewhere, the development mail catcher. Ctrl-C stops every process.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { loadConfig, requireDependencies } = createRequire(import.meta.url)(join(root, 'libs/server/dist/index.js'));

const config = loadConfig();
await requireDependencies(config, ['postgres', 'nats', 'redis']);

const processes = [
  ...(process.env.SMTP_URL ? [] : [['mail', fileURLToPath(import.meta.resolve('@fodmap/mailcatcher'))]]),
  ...['identity', 'journal', 'foods', 'insights', 'notifications'].map((name) => [name, `apps/${name}/dist/main.js`]),
  ['gateway', 'apps/gateway/dist/main.js'],
];

/** Each process's ops port (`/metrics`, `/health/live`, `/health/ready`), as the README lists them. */
const METRICS_PORTS = { gateway: 9464, identity: 9465, journal: 9466, foods: 9467, insights: 9468, notifications: 9469 };
// Someone at a terminal reads pino-pretty's text; piped elsewhere (a file, a log shipper) the lines stay JSON.
const logFormat = process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json');
// No load balancer is in front of `npm start`: on Ctrl-C the gateway need not go on answering 503 while one catches up.
const shared = { SHUTDOWN_DELAY_MS: '0', ...process.env, LOG_FORMAT: logFormat };

let stopping = false;
const children = processes.map(([name, script]) => {
  const env = { ...shared, ...(METRICS_PORTS[name] ? { METRICS_PORT: String(METRICS_PORTS[name]) } : {}) };
  const child = spawn(process.execPath, [resolve(root, script)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `${name.padEnd(13)}|`;
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) console.log(`${prefix} ${line}`);
    });
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${prefix} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    stop(code || 1);
  });
  return child;
});

function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of alive) child.kill('SIGTERM');
  const force = setTimeout(() => alive.forEach((child) => child.kill('SIGKILL')), 5000);
  Promise.all(alive.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() => {
    clearTimeout(force);
    process.exit(exitCode);
  });
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log(`FODMAP Journal starting at ${config.publicUrl}${process.env.SMTP_URL ? '' : ' (emails: http://localhost:8025)'}`);
