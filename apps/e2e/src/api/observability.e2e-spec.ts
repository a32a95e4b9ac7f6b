import { httpContract, Rpc } from '@fodmap/contracts';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { catalogueFood, expectOk, registerUser } from '../support/api';
import { provided } from '../support/provided';

/** Issue 21: what an operator sees of the stack — metrics on each process's ops port, health for its probes, JSON logs. */

const SERVICES = ['identity', 'journal', 'foods', 'insights', 'notifications'];

async function scrape(process: string): Promise<string> {
  const res = await fetch(`${provided('metricsUrls')[process]}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** The samples of `name` in the exposition text, each with its labels and value. */
function samples(text: string, name: string): Array<{ labels: Record<string, string>; value: number }> {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const match = /^[^{\s]+(?:\{(.*)\})? (\S+)$/.exec(line);
      const labels = Object.fromEntries([...(match?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
      return { labels, value: Number(match?.[2]) };
    });
}

/** Polls `process`'s metrics until `found` holds, as a series fed by events and jobs settles after the request. */
async function eventually(process: string, found: (text: string) => boolean, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await scrape(process);
    if (found(text) || Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

let email: string;
let mealId: number;
/** The correlation id the gateway gave the completion (its X-Request-Id): other suites' completions share the stack's log. */
let completionId: string;

beforeAll(async () => {
  const person = await registerUser('observed', 'Olive');
  email = person.email;
  expectOk(await person.api.call(httpContract.account.notifications, { body: { mealNotifications: true } }));
  const egg = await catalogueFood(person.api, 'Egg, hard-boiled');
  const meal = await person.api.call(httpContract.meals.create, {
    body: { mealType: 'lunch', name: 'Observed lunch', timestamp: new Date().toISOString(), foods: [{ foodId: egg.id, quantity: 2, servingUnit: 'serving' }] },
  });
  expectOk(meal);
  mealId = meal.body.id;
  const completion = await person.api.call(httpContract.meals.complete, { params: { id: mealId } });
  expectOk(completion);
  completionId = completion.headers.get('X-Request-Id') ?? '';
}, 60_000);

describe('metrics on each process ops port', () => {
  it('the gateway counts requests by the contract route and status, never by the raw URL', async () => {
    const text = await scrape('gateway');
    const requests = samples(text, 'fodmap_http_request_duration_seconds_count');
    const complete = requests.find((sample) => sample.labels.route === httpContract.meals.complete.path && sample.labels.status === '200');
    expect(complete?.value).toBeGreaterThanOrEqual(1);
    expect(complete?.labels.method).toBe(httpContract.meals.complete.method);
    expect(requests.some((sample) => sample.labels.route?.includes(String(mealId)))).toBe(false);
    expect(samples(text, 'fodmap_http_request_duration_seconds_bucket').length).toBeGreaterThan(0);
    // The gateway's side of the RPC calls, by subject without the run's prefix.
    const calls = samples(text, 'fodmap_rpc_client_duration_seconds_count');
    expect(calls.find((sample) => sample.labels.subject === Rpc.journal.completeMeal && sample.labels.outcome === 'ok')?.value).toBeGreaterThanOrEqual(1);
    expect(samples(text, 'fodmap_process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
  });

  it('a service counts the RPC requests it handled, by subject and outcome', async () => {
    const text = await scrape('journal');
    const handled = samples(text, 'fodmap_rpc_handler_duration_seconds_count');
    expect(handled.find((sample) => sample.labels.subject === Rpc.journal.completeMeal && sample.labels.outcome === 'ok')?.value).toBeGreaterThanOrEqual(1);
    expect(samples(text, 'fodmap_relay_unpublished_events').find((sample) => sample.labels.service === 'journal')).toBeDefined();
  });

  it("reports each projection consumer's lag and dead letters, and the job queue", async () => {
    const text = await eventually('notifications', (scraped) => samples(scraped, 'fodmap_consumer_lag_events').length > 0);
    const lag = samples(text, 'fodmap_consumer_lag_events');
    expect(lag.find((sample) => sample.labels.source === 'journal')).toBeDefined();
    expect(lag.every((sample) => Number.isFinite(sample.value) && sample.value >= 0)).toBe(true);
    expect(samples(text, 'fodmap_consumer_dead_letters').length).toBeGreaterThan(0);
    expect(samples(text, 'fodmap_job_queue_depth').find((sample) => sample.labels.queue === 'notifications_jobs')).toBeDefined();
  });

  it('counts the emails sent by kind: the confirmation at sign-up and the meal email after completing the meal', async () => {
    const sent = (text: string, kind: string) => samples(text, 'fodmap_emails_sent_total').find((sample) => sample.labels.kind === kind)?.value ?? 0;
    const text = await eventually('notifications', (scraped) => sent(scraped, 'meal') >= 1);
    expect(sent(text, 'email-verification')).toBeGreaterThanOrEqual(1);
    expect(sent(text, 'meal')).toBeGreaterThanOrEqual(1);
  });

  it('serves metrics on no public path of the gateway', async () => {
    const res = await fetch(`${provided('gatewayUrl')}/metrics`);
    expect(await res.text()).not.toContain('fodmap_http_request_duration_seconds');
  });
});

describe('health on the ops port', () => {
  it.each(['gateway', ...SERVICES])('%s is live, and ready with every dependency it checks up', async (process) => {
    const base = provided('metricsUrls')[process];
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    const ready = await fetch(`${base}/health/ready`);
    const body = (await ready.json()) as { status: string; checks: Record<string, string> };
    expect({ status: ready.status, body }).toMatchObject({ status: 200, body: { status: 'ready' } });
    const expected = process === 'gateway' ? ['nats', 'redis', 'started'] : ['consumers', 'nats', 'postgres', 'started'];
    expect(Object.keys(body.checks).sort()).toEqual(expect.arrayContaining(expected));
    expect(Object.values(body.checks).every((state) => state === 'up')).toBe(true);
  });
});

describe('logs', () => {
  it('every line a process prints is JSON, with correlation ids, and never an email address', () => {
    const lines = readFileSync(provided('logFile'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ process: line.slice(0, line.indexOf('| ')), text: line.slice(line.indexOf('| ') + 2) }));
    const notJson = lines.filter(({ text }) => {
      try {
        return typeof JSON.parse(text) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const entries = lines.map(({ process, text }) => ({ process, entry: JSON.parse(text) as Record<string, unknown> }));
    for (const process of ['gateway', ...SERVICES]) expect(entries.some((line) => line.process === process && line.entry.level === 'info')).toBe(true);
    // The access line of the completion: its route (not its URL), status, duration, correlation id and the person's pseudonym.
    const completion = entries.find(({ process, entry }) => process === 'gateway' && entry.route === httpContract.meals.complete.path && entry.correlationId === completionId);
    expect(completion?.entry).toMatchObject({ msg: 'request', method: httpContract.meals.complete.method, status: 200, correlationId: expect.stringMatching(/^[\w.:-]+$/), user: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(typeof completion?.entry.durationMs).toBe('number');
    // The journal's line of the request it handled carries the same correlation id and pseudonym, and its subject.
    const handled = entries.find(({ process, entry }) => process === 'journal' && entry.correlationId === completionId && entry.subject === Rpc.journal.completeMeal);
    expect(handled?.entry).toMatchObject({ msg: 'rpc handled', subject: Rpc.journal.completeMeal, outcome: 'ok', user: completion?.entry.user, durationMs: expect.any(Number) });
    expect(lines.filter(({ text }) => text.includes(email) || /[\w.+-]+@[\w-]+\.[a-z]{2,}/i.test(text))).toEqual([]);
  });
});
