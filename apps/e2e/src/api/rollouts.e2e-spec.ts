import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { httpContract } from '@fodmap/contracts';
import { Client } from 'pg';
import { freePort, ProcessName, SeparateRun, separateRun, SERVICES, StackProcess } from '../support/processes';

/**
 * Issue 21 §3: rollouts that lose nothing. A stack of its own (its database, NATS prefix and gateways on ports of their
 * own), so that restarting and killing its processes leaves the suite's stack alone. Meals are created under a steady
 * load through a round-robin "load balancer" over the ready gateways, each with an Idempotency-Key as the web client
 * sends; a 503 with Retry-After or a dropped connection is retried with the same key, as a phone would (after 200 ms
 * here, not Retry-After's seconds, to keep the test short).
 */
const PEOPLE = 4;
const MEAL_INTERVAL_MS = 250;
const RETRY_PAUSE_MS = 200;
/** How long Kubernetes takes to stop sending to a pod after it began terminating (endpoints and proxies catch up). */
const ENDPOINT_LAG_MS = 1_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Person {
  userId: number;
  cookie: string;
}

/** The ready gateways, as a Service's endpoints: new requests go round-robin to those listed. */
class Endpoints {
  private urls: string[] = [];
  private turn = 0;
  add(url: string): void {
    this.urls.push(url);
  }
  remove(url: string): void {
    this.urls = this.urls.filter((listed) => listed !== url);
  }
  next(): string {
    this.turn += 1;
    return this.urls[this.turn % this.urls.length];
  }
}

/** What the load saw: every answer, and each meal a 201 acknowledged. */
class Tally {
  requests = 0;
  readonly acknowledged = new Map<string, { userId: number; mealId: number }>();
  retriedUnavailable = 0;
  connectionErrors = 0;
  /** Any 5xx but a 503 with Retry-After, and any 4xx: none may happen. */
  readonly unexpected: string[] = [];
}

class MealLoad {
  private running = true;
  private readonly loops: Array<Promise<void>>;

  constructor(
    private readonly people: Person[],
    private readonly endpoints: Endpoints,
    private readonly publicUrl: string,
    readonly tally = new Tally(),
    label: string,
  ) {
    this.loops = people.map((person, index) => this.loop(person, `${label}-${index}`));
  }

  async stop(): Promise<Tally> {
    this.running = false;
    await Promise.all(this.loops);
    return this.tally;
  }

  private async loop(person: Person, label: string): Promise<void> {
    for (let n = 0; this.running; n += 1) {
      const started = Date.now();
      await this.createUntilAcknowledged(person, `${label}-${n}`);
      await sleep(Math.max(0, MEAL_INTERVAL_MS - (Date.now() - started)));
    }
  }

  /** One meal, sent until a 201 (retrying the same key), or until an answer that must not happen. */
  private async createUntilAcknowledged(person: Person, key: string): Promise<void> {
    const body = JSON.stringify({ mealType: 'lunch', name: `Rollout ${key}`, timestamp: new Date().toISOString() });
    for (;;) {
      this.tally.requests += 1;
      const response = await fetch(this.endpoints.next() + httpContract.meals.create.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: this.publicUrl, Cookie: person.cookie, 'Idempotency-Key': key },
        body,
      }).catch(() => null);
      if (response === null) {
        this.tally.connectionErrors += 1;
      } else if (response.status === 201) {
        const meal = (await response.json()) as { id: number };
        this.tally.acknowledged.set(key, { userId: person.userId, mealId: meal.id });
        return;
      } else if (response.status === 503 && response.headers.get('retry-after')) {
        await response.arrayBuffer();
        this.tally.retriedUnavailable += 1;
      } else {
        this.tally.unexpected.push(`${response.status} ${await response.text()}`);
        if (response.status < 500) return;
      }
      await sleep(RETRY_PAUSE_MS);
    }
  }
}

describe('rollouts that lose nothing', () => {
  let run: SeparateRun;
  let publicUrl: string;
  const endpoints = new Endpoints();
  /** The processes now running, by name; a name has two while it is being replaced and in the replica test. */
  const running = new Map<ProcessName, StackProcess[]>();
  const gatewayUrls = new Map<StackProcess, string>();
  const people: Person[] = [];
  let db: Client;

  async function start(name: ProcessName, label: string): Promise<StackProcess> {
    const port = name === 'gateway' ? await freePort() : 0;
    const started = StackProcess.start(name, name === 'gateway' ? { ...run.env, PORT: String(port) } : run.env, run.log, label);
    running.set(name, [...(running.get(name) ?? []), started]);
    await started.ready;
    if (name === 'gateway') {
      const url = `http://127.0.0.1:${port}`;
      gatewayUrls.set(started, url);
      endpoints.add(url);
    }
    return started;
  }

  /** Stops one process of `name` as Kubernetes does (SIGTERM, or SIGKILL for a crash); returns how it exited. */
  async function stop(old: StackProcess, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    running.set(old.name, (running.get(old.name) ?? []).filter((process) => process !== old));
    const url = gatewayUrls.get(old);
    if (url) setTimeout(() => endpoints.remove(url), ENDPOINT_LAG_MS);
    const exit = await old.stop(signal);
    if (url) await sleep(ENDPOINT_LAG_MS);
    return exit;
  }

  beforeAll(async () => {
    const firstPort = await freePort();
    publicUrl = `http://127.0.0.1:${firstPort}`;
    run = await separateRun('rollout', {
      PUBLIC_URL: publicUrl,
      // The load is a few people writing far faster than anyone does.
      JOURNAL_WRITES_PER_MINUTE: '0',
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
      REGISTRATIONS_PER_MINUTE: '100000',
    });
    await Promise.all(SERVICES.map((service) => start(service, `${service}-1`)));
    await start('gateway', 'gateway-1');
    db = new Client({ connectionString: run.databaseUrl });
    await db.connect();
    for (let i = 0; i < PEOPLE; i += 1) {
      const password = 'Correct-Horse-9';
      const email = `rollout.${i}.${Date.now()}@example.com`;
      const response = await fetch(endpoints.next() + httpContract.auth.register.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: publicUrl },
        body: JSON.stringify({ email, password, confirmPassword: password, firstName: 'Rolling', lastName: 'Tester', timeZone: 'Europe/London' }),
      });
      if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
      const user = (await response.json()) as { id: number };
      people.push({ userId: user.id, cookie: response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ') });
    }
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all([...running.values()].flat().map((process) => process.stop('SIGTERM')));
    await run?.remove();
  });

  /** Every acknowledged meal is in the journal, its MealCreated once, and in insights' projection once. */
  async function expectNothingLostOrTwice(tally: Tally): Promise<void> {
    const ids = [...tally.acknowledged.values()].map(({ mealId }) => mealId);
    const users = people.map(({ userId }) => userId);
    const journal = await db.query<{ id: string }>('SELECT id FROM journal.meals WHERE user_id = ANY($1) ORDER BY id', [users]);
    expect(journal.rows.map(({ id }) => Number(id))).toEqual([...ids].sort((a, b) => a - b));
    const created = await db.query<{ stream_id: string; events: string }>(
      `SELECT stream_id, count(*) AS events FROM journal.events WHERE type = 'MealCreated' AND stream_id = ANY($1) GROUP BY stream_id`,
      [ids.map((id) => `meal-${id}`)],
    );
    expect(created.rows).toHaveLength(ids.length);
    expect(created.rows.filter(({ events }) => Number(events) !== 1)).toEqual([]);
    // Insights projects the journal's events: each meal once, once it has caught up.
    const deadline = Date.now() + 30_000;
    let projected: number[] = [];
    while (Date.now() < deadline) {
      const rows = await db.query<{ meal_id: string }>('SELECT meal_id FROM insights.meals WHERE user_id = ANY($1) ORDER BY meal_id', [users]);
      projected = rows.rows.map(({ meal_id }) => Number(meal_id));
      if (projected.length >= ids.length) break;
      await sleep(250);
    }
    expect(projected).toEqual([...ids].sort((a, b) => a - b));
  }

  it('answers 503 with Retry-After once SIGTERMed, health included, yet finishes the request it holds, then exits 0', async () => {
    const [gateway] = running.get('gateway') ?? [];
    const url = gatewayUrls.get(gateway) ?? '';
    const [person] = people;
    // The journal's meals table locked: a meal create waits inside the journal, so the gateway holds its request.
    const locker = new Client({ connectionString: run.databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE journal.meals IN EXCLUSIVE MODE');
    const held = fetch(url + httpContract.meals.create.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: publicUrl, Cookie: person.cookie, 'Idempotency-Key': 'held-over-sigterm' },
      body: JSON.stringify({ mealType: 'dinner', name: 'Held over SIGTERM', timestamp: new Date().toISOString() }),
    });
    await sleep(500);
    const replacement = await start('gateway', 'gateway-2');
    running.set('gateway', [replacement]);
    gateway.child.kill('SIGTERM');
    await sleep(300);

    const health = await fetch(url + httpContract.platform.health.path);
    expect({ status: health.status, retryAfter: health.headers.get('retry-after'), connection: health.headers.get('connection') }).toEqual({
      status: 503,
      retryAfter: '5',
      connection: 'close',
    });
    expect(await health.json()).toEqual({ message: 'The gateway service is briefly unavailable. Please try again in a few seconds.' });
    expect(gateway.running).toBe(true);

    await locker.query('COMMIT');
    await locker.end();
    const answer = await held;
    expect(answer.status).toBe(201);
    expect(await gateway.exited).toEqual({ code: 0, signal: null });
    endpoints.remove(url);
    gatewayUrls.delete(gateway);
  }, 60_000);

  it('restarts every process in turn under load (new one ready, then SIGTERM the old): no 5xx but 503 with Retry-After, nothing lost or applied twice', async () => {
    const load = new MealLoad(people, endpoints, publicUrl, undefined, 'rolling');
    await sleep(1_000);
    const exits: Record<string, { code: number | null; signal: NodeJS.Signals | null; ms: number }> = {};
    for (const name of [...SERVICES, 'gateway'] as const) {
      const [old] = running.get(name) ?? [];
      await start(name, `${name}-new`);
      exits[name] = await stop(old, 'SIGTERM');
      await sleep(500);
    }
    await sleep(1_000);
    const tally = await load.stop();
    console.log(
      `rolling restart: ${tally.requests} requests, ${tally.acknowledged.size} meals, ${tally.retriedUnavailable} × 503 retried, ` +
        `${tally.connectionErrors} connection errors, ${tally.unexpected.length} unexpected; exits ${JSON.stringify(exits)}`,
    );
    expect(tally.unexpected).toEqual([]);
    expect(Object.values(exits).map(({ code, signal }) => ({ code, signal }))).toEqual(Object.values(exits).map(() => ({ code: 0, signal: null })));
    expect(tally.acknowledged.size).toBeGreaterThan(20);
    await expectNothingLostOrTwice(tally);
  }, 240_000);
});
