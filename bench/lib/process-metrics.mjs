// What each process of a stack says about itself on its ops port (`GET /metrics`, prom-client's text format; see
// libs/server/src/observability/metrics.ts and docs/operations.md), sampled at an interval for the load benches: resident
// memory, event-loop delay, CPU, and the backlogs the services read when scraped (relay, consumers, job queue).
// Also how far each JetStream consumer of the stack is behind, in events and in seconds, read from NATS directly, and the
// machine's own speed.
import { createHash } from 'node:crypto';
import { connect } from 'nats';

/** The series of a Prometheus text exposition: `{ name, labels, value }` each (comments and blank lines skipped). */
export function parseMetrics(text) {
  const series = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const found = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!found) continue;
    const labels = {};
    for (const [, key, value] of (found[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    series.push({ name: found[1], labels, value: Number(found[3]) });
  }
  return series;
}

/** The series of one process whose name is one of `names` (every series when none given). */
export async function scrape(port, names) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`/metrics on port ${port} answered ${res.status}`);
  const series = parseMetrics(await res.text());
  return names ? series.filter((one) => names.includes(one.name)) : series;
}

/** The value of the first series called `name` whose labels include `labels`, else undefined. */
export function valueOf(series, name, labels = {}) {
  return series.find((one) => one.name === name && Object.entries(labels).every(([key, value]) => one.labels[key] === value))?.value;
}

/** The sum of every series called `name` whose labels include `labels` (0 when none). */
export function sumOf(series, name, labels = {}) {
  return series
    .filter((one) => one.name === name && Object.entries(labels).every(([key, value]) => one.labels[key] === value))
    .reduce((sum, one) => sum + one.value, 0);
}

/** Runs `sample()` every `intervalMs` until stop(), one at a time, and keeps what each resolves with (errors counted). */
function every(intervalMs, sample) {
  const samples = [];
  let failures = 0;
  let lastFailure = null;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        samples.push(...(await sample()));
      } catch (error) {
        failures++;
        lastFailure = error;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + intervalMs - performance.now())));
    }
  })();
  return {
    samples,
    failures: () => ({ count: failures, last: lastFailure }),
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/**
 * Scrapes every process of `ports` ({ name: port }) every `intervalMs`; each sample is `{ at, process, series }`, `at`
 * on performance.now()'s clock, with the series of `names` only. prom-client's event-loop delay figures cover the time
 * since the previous scrape (its histogram is reset by each), so a sample's p99 and max are of its interval.
 */
export function sampleProcesses(ports, intervalMs, names) {
  return every(intervalMs, () =>
    Promise.all(
      Object.entries(ports).map(async ([process, port]) => ({ at: performance.now(), process, series: await scrape(port, names) })),
    ),
  );
}

/**
 * Every `intervalMs`, each durable consumer of the JetStream streams of `prefix` (not the object stores): its pending
 * and unacknowledged events, and how long ago the oldest of them was stored (0 when none waits): how far in time the
 * projection is behind its source. Each sample is `{ at, consumer: 'stream/durable', events, behindSeconds }`.
 */
export async function sampleConsumerLag(natsUrl, prefix, intervalMs) {
  const nats = await connect({ servers: natsUrl });
  const jsm = await nats.jetstreamManager();
  const oldestWaiting = async (stream, info) => {
    const seq = info.ack_floor.stream_seq + 1;
    const filter = info.config.filter_subject;
    // The first message after the ack floor that the consumer's filter takes (nats-server 2.9's next_by_subj).
    const message = await jsm.streams.getMessage(stream, filter ? { seq, next_by_subj: filter } : { seq }).catch(() => null);
    return message ? (Date.now() - message.time.getTime()) / 1000 : 0;
  };
  const sampler = every(intervalMs, async () => {
    const at = performance.now();
    const samples = [];
    for (const stream of await jsm.streams.list().next()) {
      const name = stream.config.name;
      if (!name.startsWith(prefix)) continue;
      for (const info of await jsm.consumers.list(name).next()) {
        const events = info.num_pending + info.num_ack_pending;
        samples.push({ at, consumer: `${name}/${info.name}`, events, behindSeconds: events > 0 ? await oldestWaiting(name, info) : 0 });
      }
    }
    return samples;
  });
  return {
    ...sampler,
    stop: async () => {
      await sampler.stop();
      await nats.close();
    },
  };
}

const SPEED_BLOCK = Buffer.alloc(64 * 1024, 7);
const SPEED_ROUNDS = 50;

/**
 * The machine's own speed, every `intervalMs`: the CPU time one fixed computation (SHA-256 of 3.2 MB) takes in this
 * process (getrusage, up to date for a running thread, where /proc's schedstat lags by a scheduler tick). The same
 * work takes more on a slower CPU (a throttled or shared core), so a window whose latency and CPU per request rose along
 * with this figure was a slower machine, not a slower product. Each sample is `{ at, micros }`.
 */
export function sampleMachineSpeed(intervalMs) {
  return every(intervalMs, async () => {
    const before = process.cpuUsage();
    const hash = createHash('sha256');
    for (let round = 0; round < SPEED_ROUNDS; round++) hash.update(SPEED_BLOCK);
    hash.digest();
    const spent = process.cpuUsage(before);
    return [{ at: performance.now(), micros: spent.user + spent.system }];
  });
}
