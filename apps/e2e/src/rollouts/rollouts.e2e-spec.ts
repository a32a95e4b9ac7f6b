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
/** Above the gateway's RPC timeout (5 s), so the gateway's own answer comes first. */
const REQUEST_TIMEOUT_MS = 10_000;
/** A meal still not acknowledged after this many tries is a failure of the rollout, not something to retry for ever. */
const MAX_TRIES = 50;

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
  /** 5xx answers but a 503 with Retry-After (retried too): none in a rollout; a replica killed mid-RPC gives 504s. */
  readonly serverErrors: string[] = [];
  /** 4xx answers, and meals never acknowledged: none may happen. */
  readonly refused: string[] = [];

  summary(): string {
    return (
      `${this.requests} requests, ${this.acknowledged.size} meals acknowledged, ${this.retriedUnavailable} × 503 with Retry-After, ` +
      `${this.serverErrors.length} other 5xx, ${this.connectionErrors} dropped connections, ${this.refused.length} refused`
    );
  }
}

class MealLoad {
  readonly tally = new Tally();
  private running = true;
  private readonly loops: Array<Promise<void>>;

  constructor(
    people: Person[],
    private readonly endpoints: Endpoints,
    private readonly publicUrl: string,
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
    for (let tries = 1; ; tries += 1) {
      if (tries > MAX_TRIES) {
        this.tally.refused.push(`${key}: not acknowledged after ${MAX_TRIES} tries`);
        return;
      }
      this.tally.requests += 1;
      const response = await fetch(this.endpoints.next() + httpContract.meals.create.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: this.publicUrl, Cookie: person.cookie, 'Idempotency-Key': key },
        body,
        // A request that never answers would stall the load (and hide a lost request): it counts as dropped.
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
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
      } else if (response.status >= 500) {
        this.tally.serverErrors.push(`${response.status} ${await response.text()}`);
      } else {
        this.tally.refused.push(`${key}: ${response.status} ${await response.text()}`);
        return;
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
      // Each email sender holds a PostgreSQL connection: two replicas of everything beside the suite's stack must fit
      // in the test server's 100.
      EMAIL_SEND_CONCURRENCY: '1',
      // A SIGTERMed gateway answers 503 until the "load balancer" has taken it out of its endpoints.
      SHUTDOWN_DELAY_MS: String(ENDPOINT_LAG_MS + 500),
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

  /**
   * Every meal the load saw acknowledged is in the journal once (one meal a key: the load names each meal after its
   * key), and nothing else the load sent is; its MealCreated is in the events table once; insights projected it.
   */
  async function expectNothingLostOrTwice(tally: Tally, label: string): Promise<void> {
    const acknowledged = [...tally.acknowledged.entries()].map(([key, { mealId }]) => ({ name: `Rollout ${key}`, id: mealId }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    const stored = await db.query<{ name: string; id: string }>(
      'SELECT name, id FROM journal.meals WHERE user_id = ANY($1) AND name LIKE $2',
      [people.map(({ userId }) => userId), `Rollout ${label}-%`],
    );
    expect(stored.rows.map(({ name, id }) => ({ name, id: Number(id) })).sort(byName)).toEqual(acknowledged.sort(byName));

    const ids = acknowledged.map(({ id }) => id);
    const created = await db.query<{ events: string; streams: string }>(
      `SELECT count(*) AS events, count(DISTINCT stream_id) AS streams FROM journal.events WHERE type = 'MealCreated' AND stream_id = ANY($1)`,
      [ids.map((id) => `meal-${id}`)],
    );
    expect(created.rows[0]).toEqual({ events: String(ids.length), streams: String(ids.length) });

    // Insights projects the journal's events (one row a meal: its key is the meal's id), once it has caught up.
    const deadline = Date.now() + 30_000;
    let projected = 0;
    while (Date.now() < deadline) {
      const rows = await db.query<{ count: string }>('SELECT count(*) FROM insights.meals WHERE meal_id = ANY($1)', [ids]);
      projected = Number(rows.rows[0].count);
      if (projected === ids.length) break;
      await sleep(250);
    }
    expect(projected).toBe(ids.length);
  }

  it('answers 503 with Retry-After once SIGTERMed, health included, yet finishes the request it holds, then exits 0', async () => {
    const [gateway] = running.get('gateway') ?? [];
    const url = gatewayUrls.get(gateway) ?? '';
    const [person] = people;
    const replacement = await start('gateway', 'gateway-2');
    running.set('gateway', [replacement]);
    // The journal's events table locked against writes: a meal create waits inside the journal, so the gateway holds
    // its request.
    const locker = new Client({ connectionString: run.databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE journal.events IN EXCLUSIVE MODE');
    const unlock = async () => {
      await locker.query('COMMIT');
      await locker.end();
    };
    const held = fetch(url + httpContract.meals.create.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: publicUrl, Cookie: person.cookie, 'Idempotency-Key': 'held-over-sigterm' },
      body: JSON.stringify({ mealType: 'dinner', name: 'Held over SIGTERM', timestamp: new Date().toISOString() }),
    });
    try {
      // Well inside the gateway's RPC timeout (5 s), which would answer the held request with a 504.
      await sleep(500);
      endpoints.remove(url);
      gatewayUrls.delete(gateway);
      gateway.child.kill('SIGTERM');
      await sleep(300);
      await expectDraining(url);
      expect(gateway.running).toBe(true);
    } finally {
      await unlock();
    }
    const answer = await held;
    expect(answer.status).toBe(201);
    expect(await gateway.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  async function expectDraining(url: string): Promise<void> {
    const health = await fetch(url + httpContract.platform.health.path);
    expect({ status: health.status, retryAfter: health.headers.get('retry-after'), connection: health.headers.get('connection') }).toEqual({
      status: 503,
      retryAfter: '5',
      connection: 'close',
    });
    expect(await health.json()).toEqual({ message: 'The gateway service is briefly unavailable. Please try again in a few seconds.' });
  }

  it('restarts every process in turn under load (new one ready, then SIGTERM the old): no 5xx but 503 with Retry-After, nothing lost or applied twice', async () => {
    const load = new MealLoad(people, endpoints, publicUrl, 'rolling');
    const exits: Record<string, { code: number | null; signal: NodeJS.Signals | null; ms: number }> = {};
    try {
      await sleep(1_000);
      for (const name of [...SERVICES, 'gateway'] as const) {
        const [old] = running.get(name) ?? [];
        await start(name, `${name}-new`);
        exits[name] = await stop(old, 'SIGTERM');
        await sleep(500);
      }
      await sleep(1_000);
    } finally {
      await load.stop();
    }
    const tally = load.tally;
    console.log(`rolling restart: ${tally.summary()}; exits ${JSON.stringify(exits)}`);
    expect(tally.serverErrors).toEqual([]);
    expect(tally.refused).toEqual([]);
    expect(Object.values(exits).map(({ code, signal }) => ({ code, signal }))).toEqual(Object.values(exits).map(() => ({ code: 0, signal: null })));
    expect(tally.acknowledged.size).toBeGreaterThan(20);
    await expectNothingLostOrTwice(tally, 'rolling');
  }, 240_000);

  it('runs two replicas of every process, SIGKILLs one of each mid-load: nothing lost or applied twice, insights equal a rebuild', async () => {
    const first = [...SERVICES, 'gateway' as const].map((name) => (running.get(name) ?? [])[0]);
    await Promise.all(SERVICES.map((service) => start(service, `${service}-b`)));
    await start('gateway', 'gateway-b');
    const load = new MealLoad(people, endpoints, publicUrl, 'killed');
    try {
      await sleep(2_000);
      const kills = await Promise.all(first.map((process) => stop(process, 'SIGKILL')));
      expect(kills.map(({ signal }) => signal)).toEqual(first.map(() => 'SIGKILL'));
      // The survivors take over: the queue groups' other member, the standby relay and processors (their locks free).
      await sleep(4_000);
    } finally {
      await load.stop();
    }
    const tally = load.tally;
    console.log(`two replicas, one of each SIGKILLed: ${tally.summary()}; 5xx: ${JSON.stringify(tally.serverErrors.slice(0, 5))}`);
    expect(tally.refused).toEqual([]);
    expect(tally.acknowledged.size).toBeGreaterThan(20);
    await expectNothingLostOrTwice(tally, 'killed');

    const live = await insightsHistory();
    const rebuild = StackProcess.start('insights', run.env, run.log, 'insights-rebuild', 'rebuild.js', ['journal_history']);
    expect(await rebuild.exited).toEqual({ code: 0, signal: null });
    expect(await insightsHistory()).toEqual(live);
  }, 180_000);

  /** Insights' journal_history projection of this test's people. */
  async function insightsHistory(): Promise<unknown> {
    const users = [people.map(({ userId }) => userId)];
    return {
      meals: (await db.query('SELECT meal_id::text, user_id, eaten_at, meal_type FROM insights.meals WHERE user_id = ANY($1) ORDER BY meal_id', users)).rows,
      versions: (await db.query('SELECT user_id, position::text FROM insights.user_versions WHERE user_id = ANY($1) ORDER BY user_id', users)).rows,
    };
  }
});
