/**
 * Jest global setup for the API and browser end-to-end suites: starts the whole built product (five services and
 * the gateway) against real PostgreSQL, NATS and Redis, with a database, NATS prefix, port and mail catcher of its
 * own; stack-teardown.ts stops it and removes all of it.
 */
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { httpContract } from '@fodmap/contracts';
import { startMailcatcher } from '@fodmap/mailcatcher';
import { loadConfig } from '@fodmap/server';
import { FakeOpenAi, FakeStripe, keepTeardown, provideInfrastructure } from '@fodmap/testing';
import { freePort, removeRunData, SERVICES, StackProcess } from './processes';
import { PROVIDED_STACK_VARIABLE, ProvidedStack } from './provided';

const ROOT = resolve(__dirname, '../../../..');

async function waitForHealth(url: string, processes: StackProcess[], timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const crashed = processes.map((started) => started.child).find((child) => child.exitCode !== null);
    if (crashed) throw new Error(`A process of the stack exited with code ${crashed.exitCode} before it was healthy`);
    const ok = await fetch(url + httpContract.platform.health.path).then((res) => res.ok).catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The stack at ${url} was not healthy within ${timeoutMs / 1000} s`);
}

export default async function setup(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  const base = loadConfig();

  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const databaseUrl = new URL(base.databaseUrl);
  databaseUrl.pathname = `/fodmap_test_e2e_${runId}`;
  const natsPrefix = `e2e_${runId}`;
  const port = await freePort();
  const gatewayUrl = `http://127.0.0.1:${port}`;

  const mail = await startMailcatcher({ smtpPort: 0, httpPort: 0 });
  // The AI food search's model (issue 11): the real openai client of foods against a local fake the tests script.
  const openAi = await FakeOpenAi.start();
  // The first admin, as an operator would make one (issue 9): tests register this address to act as that admin.
  const adminEmail = 'admin@e2e.example';
  // Subscriptions (issue 11): the real stripe client in identity talks to a fake Stripe of this run.
  const stripe = await new FakeStripe().start();

  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    NATS_PREFIX: natsPrefix,
    PORT: String(port),
    PUBLIC_URL: gatewayUrl,
    SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
    ADMIN_EMAILS: adminEmail,
    // Every test signs its people up from 127.0.0.1: the registration limits (issue 20) are tested on their own
    // (apps/gateway/src/auth/registrations.int-spec.ts), not by the suite tripping them.
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
    REGISTRATIONS_PER_MINUTE: '100000',
    // No load balancer sends to the suite's gateway: at the end it may close its port at once (lifecycle/, issue 21).
    SHUTDOWN_DELAY_MS: '0',
    ...stripe.env(),
    OPENAI_API_KEY: 'sk-e2e-fake',
    OPENAI_BASE_URL: openAi.baseUrl,
  };
  // What the processes print, kept in test-results/ for a failed run; tests quote its warnings (support/stack-log.ts).
  const logFile = join(ROOT, 'test-results', `stack-${runId}.log`);
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  // Each process's ops port (metrics and health, issue 21): a free one each, so parallel runs never clash.
  const metricsPorts: Record<string, number> = {};
  for (const name of [...SERVICES, 'gateway']) metricsPorts[name] = await freePort();
  const processes = [...SERVICES, 'gateway' as const].map((name) => StackProcess.start(name, { ...env, METRICS_PORT: String(metricsPorts[name]) }, log));
  const children = processes.map((started) => started.child);
  try {
    await waitForHealth(gatewayUrl, processes);
  } catch (error) {
    children.forEach((child) => child.kill('SIGKILL'));
    await mail.close();
    await stripe.stop();
    await openAi.stop();
    await infrastructure.stop();
    log.end();
    throw new Error(`${(error as Error).message}\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
  }

  const stack: ProvidedStack = {
    gatewayUrl,
    mailUrl: `http://127.0.0.1:${mail.httpPort}`,
    openAiUrl: openAi.baseUrl,
    adminEmail,
    natsPrefix,
    logFile,
    databaseUrl: databaseUrl.toString(),
    stripe: stripe.env(),
    stackPids: Object.fromEntries([...SERVICES, 'gateway'].map((name, i) => [name, children[i].pid ?? 0])),
    metricsUrls: Object.fromEntries(Object.entries(metricsPorts).map(([name, metricsPort]) => [name, `http://127.0.0.1:${metricsPort}`])),
  };
  process.env[PROVIDED_STACK_VARIABLE] = JSON.stringify(stack);

  keepTeardown('stack', async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
    log.end();
    await mail.close();
    await stripe.stop();
    await openAi.stop();
    await removeRunData(base.databaseUrl, databaseUrl.pathname.slice(1), base.natsUrl, natsPrefix, base.redisUrl);
    await infrastructure.stop();
  });
}
