// The morning's daily summaries for 100,000 people (issue 9): recorded by the notifications service's own schedule and
// delivered through its job queue (graphile-worker, since issue 19; the email outbox before) to a local SMTP sink.
//
// 1. Starts notifications (and insights, which answers the summaries' topCorrelations; BENCH_INSIGHTS=0 leaves it out,
//    and the summaries then go without a finding after NATS answers that nobody serves it) from their builds, on a
//    database and NATS prefix of their own, sending to an SMTP sink in a child process (bench/lib/smtp-sink.mjs) that
//    counts messages and keeps none.
// 2. Seeds BENCH_USERS (default 100,000) people STRAIGHT INTO notifications' recipients and journal_digest tables
//    (seeding through the API would take hours): each in one of the zones where it is now between 08:00 and 22:00, with
//    yesterday's breakfast of two foods (one low, one medium at the amount eaten) and one symptom linked to it.
// 3. Waits for the service's every-minute schedule to record the summaries and for the sink to count them all, sampling
//    the resident memory (VmRSS, /proc) of the notifications process and of the sink every second.
// Prints: the wait for the first tick, the recording time, the delivery time and emails per second from the first claim
// to the last email received, the total from the end of seeding, the peak RSS (VmHWM) of both processes and RSS samples
// along the way (flat or not), and whether every person got exactly one email. Target: everything within 10 minutes on
// this 2-core machine, memory flat. Nothing is asserted.
//
// Measured 2026-11-23 on the shared 2-core machine (other worktrees' stacks running), 100,000 people, insights on,
// EMAIL_SEND_CONCURRENCY 8 (the service's default): 330 s in all from the end of seeding (45 s of it waiting for the
// schedule's first tick), recording 283 s (354 summaries/s, batches of 500), delivery 285 s from the first claim
// (351 emails/s): the outbox keeps pace with the recording (130-450 rows waiting when sampled, a claim's scan 0.4-0.8 ms) and
// the last email arrives 2 s after the last batch is recorded, so recording is now what sets the pace. Memory flat:
// notifications 130-132 MB RSS along the way (peak 138 MB), sink 70-78 MB. Every person got exactly one email; none
// failed. Before (942 s, 113 emails/s at 64 senders) the Mailer had no pool: nodemailer, given `url` with other
// options, dropped them, so each email opened its own SMTP connection (~150 ms on loopback); with the pool, Nagle's
// algorithm still cost ~46 ms a message per connection (5 ms with TCP_NODELAY, which the Mailer now sets).
//
// Issue 19 (the emails are graphile-worker jobs; measured in pairs while other engineers' builds ran, load 4-15): the outbox
// 534.6 s in all, the job queue 501.2 s (recording 469.4 s, the last email 16.5 s after the last claim, 206 emails/s); a
// batch's 500 jobs are enqueued in one statement (enqueueMany): one add_job round trip each had taken 731.7 s.
//
// Needs the built apps (`npx nx run-many -t build -p notifications insights`) and PostgreSQL and NATS as for the tests.
//   npm run bench:daily-summary
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeRunData, require, root, stopChild } from './lib/stack.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const WITH_INSIGHTS = process.env.BENCH_INSIGHTS !== '0';
const TIMEOUT_MS = 30 * 60_000;
const TARGET_SECONDS = 600;
const CANDIDATE_ZONES = [
  'Pacific/Honolulu', 'America/Los_Angeles', 'America/Denver', 'America/Chicago', 'America/New_York', 'America/Sao_Paulo',
  'Atlantic/Azores', 'Europe/London', 'Europe/Berlin', 'Europe/Athens', 'Asia/Dubai', 'Asia/Kolkata', 'Asia/Bangkok',
  'Asia/Shanghai', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Auckland',
];

const { loadConfig, loadNotificationsConfig, requireDependencies } = require(join(root, 'libs/server/dist/index.js'));
const { DAILY_SUMMARY_HOUR, localDay } = require(join(root, 'libs/contracts/dist/index.js'));
const { Client } = require('pg');
/**
 * The job worker's EMAIL_SEND_CONCURRENCY for the run: by default what the service would take from this environment (8
 * unless EMAIL_SEND_CONCURRENCY is set). Measured on loopback with pooled connections: about 5 ms a message per
 * connection, some 550 emails/s at 8, more than the recording makes.
 */
const SEND_CONCURRENCY = process.env.BENCH_SEND_CONCURRENCY ?? String(loadNotificationsConfig().emailSendConcurrency);

const food = (id, name, fodmapRating, servingSize, servingGrams) => ({
  id, name, fodmapRating, servingSize, servingGrams, caloriesPerServing: 100, foodType: 'grain', oligoGroup: 'grain_legume_nut',
  ibsTriggerType: null, fructans: null, galactans: null, excessFructose: null, sorbitol: null, mannitol: null, xylitol: null, lactose: null,
});
const OATS = food(1, 'Rolled oats', 'low', '1/2 cup (40 g)', 40);
const BANANA = food(2, 'Banana, ripe', 'medium', '1 medium (118 g)', 118);

const hourIn = (zone, at) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', hour: '2-digit' }).format(at));
const rssOf = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
};
const mb = (value) => `${value.toFixed(0)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const base = loadConfig();
  await requireDependencies(base, ['postgres', 'nats']);
  const run = randomBytes(4).toString('hex');
  const databaseUrl = new URL(base.databaseUrl);
  databaseUrl.pathname = `/fodmap_bench_${run}`;
  const natsPrefix = `bench_${run}`;

  const sink = fork(join(root, 'bench/lib/smtp-sink.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port: smtpPort } = await new Promise((resolve) => sink.once('message', resolve));
  const sinkCount = () => new Promise((resolve) => {
    sink.once('message', ({ received }) => resolve(received));
    sink.send('count');
  });

  const env = { ...process.env, DATABASE_URL: databaseUrl.toString(), NATS_PREFIX: natsPrefix, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: 'http://localhost:3000', EMAIL_SEND_CONCURRENCY: SEND_CONCURRENCY, METRICS_PORT: '0' };
  const output = [];
  const services = WITH_INSIGHTS ? ['notifications', 'insights'] : ['notifications'];
  const children = Object.fromEntries(services.map((name) => {
    const child = spawn(process.execPath, [join(root, `apps/${name}/dist/main.js`)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(`${name}| ${chunk}`));
    child.stderr.on('data', (chunk) => output.push(`${name}| ${chunk}`));
    return [name, child];
  }));
  const pg = new Client({ connectionString: databaseUrl.toString() });
  try {
    await waitForSchemas(databaseUrl.toString(), services, children);
    await pg.connect();

    const now = new Date();
    const zones = CANDIDATE_ZONES.filter((zone) => hourIn(zone, now) >= DAILY_SUMMARY_HOUR && hourIn(zone, now) < 22);
    // Yesterday in each zone: the calendar day before today there.
    const days = zones.map((zone) => new Date(Date.parse(`${localDay(now, zone)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
    console.log(`Seeding ${USERS.toLocaleString('en-US')} people straight into notifications' recipients and journal_digest tables (not through the API), in ${zones.join(', ')}…`);
    const seedStart = Date.now();
    await seed(pg, zones, days);
    console.log(`Seeded in ${seconds(Date.now() - seedStart)}.`);

    const start = Date.now();
    const samples = [];
    let received = 0;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      received = await sinkCount();
      samples.push({ at: Date.now() - start, received, notifications: rssOf(children.notifications.pid).rss, sink: rssOf(sink.pid).rss });
      if (received >= USERS) break;
      if (Date.now() - start > TIMEOUT_MS) throw new Error(`Only ${received} of ${USERS} emails arrived within ${TIMEOUT_MS / 60_000} minutes`);
      if (Object.values(children).some((child) => child.exitCode !== null)) throw new Error('A service exited');
    }
    const done = Date.now();
    // Anything sent twice would arrive after the last first copy: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    received = await sinkCount();

    const { rows: [claims] } = await pg.query(
      `SELECT count(*)::int AS count, extract(epoch FROM min(claimed_at)) * 1000 AS first, extract(epoch FROM max(claimed_at)) * 1000 AS last FROM notifications.daily_summary_claims`,
    );
    const { rows: [sent] } = await pg.query(`SELECT count(*)::int AS count, count(DISTINCT user_id)::int AS people FROM notifications.sent_emails WHERE email_type = 'daily-summary'`);
    const { rows: [left] } = await pg.query(
      `SELECT count(*) FILTER (WHERE attempts >= max_attempts)::int AS failed, count(*)::int AS waiting FROM notifications_jobs.jobs WHERE task_identifier = 'send-email'`,
    );
    const notificationsPeak = rssOf(children.notifications.pid).peak;
    const sinkPeak = rssOf(sink.pid).peak;
    const deliveryMs = done - claims.first;

    console.log('');
    console.log(`People                                   ${USERS.toLocaleString('en-US')} (${WITH_INSIGHTS ? 'with' : 'without'} insights' topCorrelations; EMAIL_SEND_CONCURRENCY ${SEND_CONCURRENCY})`);
    console.log(`Wait for the schedule's first tick       ${seconds(claims.first - start)}`);
    console.log(`Recording (first to last claim)          ${seconds(claims.last - claims.first)}`);
    console.log(`Delivery (first claim to last email)     ${seconds(deliveryMs)}  ${(USERS / (deliveryMs / 1000)).toFixed(0)} emails/s`);
    console.log(`Total from the end of seeding            ${seconds(done - start)}  (target ≤ ${TARGET_SECONDS} s)`);
    console.log(`Peak RSS notifications / SMTP sink       ${mb(notificationsPeak)} / ${mb(sinkPeak)}`);
    console.log(`RSS along the way (notifications, sink)  ${quartiles(samples).map((sample) => `${Math.round((sample.received / USERS) * 100)}%: ${mb(sample.notifications)}, ${mb(sample.sink)}`).join(' · ')}`);
    console.log(`Summaries claimed / sent / people        ${claims.count} / ${sent.count} / ${sent.people}`);
    console.log(`Messages at the sink                     ${received} (${received === USERS ? 'one each' : 'NOT one each'}); email jobs failed ${left.failed}, left ${left.waiting}`);
  } catch (error) {
    console.error(output.join('').slice(-4000));
    throw error;
  } finally {
    await pg.end().catch(() => {});
    await Promise.all(Object.values(children).map(stopChild));
    sink.send('stop');
    await removeRunData(base, databaseUrl.pathname.slice(1), natsPrefix).catch((error) => console.error(`Cleaning up: ${error.message}`));
  }
}

/** The services create the database and migrate their schemas at start-up. */
async function waitForSchemas(url, services, children) {
  const tables = { notifications: 'notifications.daily_summary_claims', insights: 'insights.user_versions' };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const crashed = Object.entries(children).find(([, child]) => child.exitCode !== null);
    if (crashed) throw new Error(`${crashed[0]} exited with code ${crashed[1].exitCode}`);
    const client = new Client({ connectionString: url });
    const ready = await client
      .connect()
      .then(() => client.query(`SELECT ${services.map((_, i) => `to_regclass($${i + 1}) IS NOT NULL`).join(' AND ')} AS ready`, services.map((name) => tables[name])))
      .then(({ rows }) => rows[0].ready)
      .catch(() => false)
      .finally(() => client.end().catch(() => {}));
    if (ready) return;
    if (Date.now() > deadline) throw new Error('The services did not migrate their schemas within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One statement per table, set-based: person g lives in zones[g % n] and ate breakfast at 08:30 of yesterday there. */
async function seed(pg, zones, days) {
  const person = `generate_series(1, $1::integer) g CROSS JOIN LATERAL (SELECT ($2::text[])[1 + g % array_length($2::text[], 1)] AS zone, ($3::date[])[1 + g % array_length($2::text[], 1)] AS day) p`;
  const params = [USERS, zones, days];
  await pg.query('BEGIN');
  // The last column: each has confirmed their address (issue 20), or their summary would pause.
  await pg.query(`INSERT INTO notifications.recipients SELECT g, 'bench' || g || '@example.com', 'Bench', p.zone, 'default', true, false, true FROM ${person}`, params);
  await pg.query(
    `INSERT INTO notifications.digest_meals SELECT g, g, 'Porridge with banana', 'breakfast', (p.day + time '08:30') AT TIME ZONE p.zone, p.day, p.zone, true FROM ${person}`,
    params,
  );
  await pg.query(
    `INSERT INTO notifications.digest_meal_foods
     SELECT 2 * g - 1, g, g, 'Rolled oats', 'low', 1, 'serving', 40, null, $2::jsonb FROM generate_series(1, $1::integer) g
     UNION ALL SELECT 2 * g, g, g, 'Banana, ripe', 'medium', 1, 'medium', 118, null, $3::jsonb FROM generate_series(1, $1::integer) g`,
    [USERS, JSON.stringify(OATS), JSON.stringify(BANANA)],
  );
  await pg.query(
    `INSERT INTO notifications.digest_symptoms SELECT g, g, g, 'bloating', 'mild', (p.day + time '10:30') AT TIME ZONE p.zone, p.day FROM ${person}`,
    params,
  );
  await pg.query('COMMIT');
  await pg.query('ANALYZE notifications.recipients, notifications.digest_meals, notifications.digest_meal_foods, notifications.digest_symptoms');
}

/** The samples at about a quarter, half, three quarters and all of the emails received. */
function quartiles(samples) {
  return [0.25, 0.5, 0.75, 1].map((share) => samples.find((sample) => sample.received >= share * USERS) ?? samples[samples.length - 1]);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
