import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every series a process exports, in one registry served at `GET /metrics` on its ops port (ops-server.ts). The
 * counters and histograms are updated where the work happens; the gauges of backlogs (relay, consumers, job queue) are
 * read from PostgreSQL and JetStream when Prometheus scrapes (`onScrape`), so no request or event pays for them.
 * docs/operations.md lists them with what each means.
 */
export const metricsRegistry = new Registry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'fodmap_http_request_duration_seconds',
  help: 'HTTP requests the gateway answered, by the contract route (not the raw URL), method and status, and how long each took.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

/** `outcome`: ok, error (the service answered a failure), timeout (no answer in time), unavailable (nobody serves it). */
export const rpcClientDuration = new Histogram({
  name: 'fodmap_rpc_client_duration_seconds',
  help: 'NATS requests this process sent to a service, by subject (without the run prefix) and outcome, and how long each waited.',
  labelNames: ['subject', 'outcome'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const rpcHandlerDuration = new Histogram({
  name: 'fodmap_rpc_handler_duration_seconds',
  help: 'NATS requests this service handled, by subject (without the run prefix) and outcome (ok or error), and how long each took.',
  labelNames: ['subject', 'outcome'] as const,
  buckets: SECONDS,
  registers: [metricsRegistry],
});

export const relayUnpublishedEvents = new Gauge({
  name: 'fodmap_relay_unpublished_events',
  help: "Events in the service's events table that the relay has not yet published to JetStream.",
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

export const relayOldestUnpublishedAge = new Gauge({
  name: 'fodmap_relay_oldest_unpublished_age_seconds',
  help: 'Age of the oldest event not yet published (0 when none waits).',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
});

export const consumerLag = new Gauge({
  name: 'fodmap_consumer_lag_events',
  help: "Events of a source in the stream that a projection's durable consumer has not yet applied (pending plus unacknowledged).",
  labelNames: ['projection', 'source'] as const,
  registers: [metricsRegistry],
});

export const consumerDeadLetters = new Gauge({
  name: 'fodmap_consumer_dead_letters',
  help: "Events a projection gave up on, waiting in the service's dead_letters table for a replay.",
  labelNames: ['projection'] as const,
  registers: [metricsRegistry],
});

export const jobQueueDepth = new Gauge({
  name: 'fodmap_job_queue_depth',
  help: "Jobs in the service's queue that are due or running and still have attempts left.",
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const jobQueueOldestAge = new Gauge({
  name: 'fodmap_job_queue_oldest_age_seconds',
  help: 'How long the oldest due job not yet taken has waited past its run time (0 when none waits).',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const jobQueueFailed = new Gauge({
  name: 'fodmap_job_queue_failed_jobs',
  help: 'Jobs that used up their attempts (or cannot succeed) and wait for someone to retry them.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

export const emailsSent = new Counter({
  name: 'fodmap_emails_sent_total',
  help: 'Emails handed to SMTP and recorded as sent, by kind.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const emailsFailed = new Counter({
  name: 'fodmap_emails_failed_total',
  help: 'Email sends that failed (the job retries them with backoff, or drops an undeliverable one), by kind.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const emailsSkipped = new Counter({
  name: 'fodmap_emails_skipped_total',
  help: 'Emails not sent because a daily cap was spent, by kind.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const dailySummaryLastRun = new Gauge({
  name: 'fodmap_daily_summary_last_run_timestamp_seconds',
  help: "When this replica's daily-summary run (every minute) last finished without an error, in Unix seconds.",
  registers: [metricsRegistry],
});

export const dailySummaryLastRunRecorded = new Gauge({
  name: 'fodmap_daily_summary_last_run_recorded',
  help: 'Daily summaries the last run recorded and queued as emails (their sends count in fodmap_emails_sent_total{kind="daily-summary"}).',
  registers: [metricsRegistry],
});

export const dailySummariesRecorded = new Counter({
  name: 'fodmap_daily_summaries_recorded_total',
  help: 'Daily summaries recorded and queued as emails by this replica.',
  registers: [metricsRegistry],
});

/** Set by the notifications service after each minute's daily-summary run (DailySummaryScheduler), for every zone its people are in. */
export const dailySummariesOverdue = new Gauge({
  name: 'fodmap_daily_summaries_overdue',
  help: "People of a time zone whose daily summary of yesterday is due, not sent and past 09:00 their time (an hour after its 08:00).",
  labelNames: ['zone'] as const,
  registers: [metricsRegistry],
});

let processMetrics = false;

/** Node's own series (CPU, memory, event-loop lag, GC, handles), once per process, prefixed like ours. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'fodmap_' });
}

type ScrapeHook = () => Promise<void>;
const scrapeHooks = new Set<ScrapeHook>();

/** A scrape waits this long at most for a backlog query; a slow database leaves the gauge at its last value. */
const SCRAPE_HOOK_TIMEOUT_MS = 2_000;

/**
 * Runs `hook` before each scrape, to set gauges read from elsewhere (a table's backlog, a consumer's pending count).
 * Returns the function that removes it, for a component that stops.
 */
export function onScrape(hook: ScrapeHook): () => void {
  scrapeHooks.add(hook);
  return () => scrapeHooks.delete(hook);
}

/** The exposition text: the scrape hooks first (a failing one keeps its gauges' last values), then every series. */
export async function scrapeMetrics(): Promise<string> {
  await Promise.allSettled(
    [...scrapeHooks].map((hook) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SCRAPE_HOOK_TIMEOUT_MS)));
      return Promise.race([hook(), timeout]).finally(() => clearTimeout(timer));
    }),
  );
  return metricsRegistry.metrics();
}
