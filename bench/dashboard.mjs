// The home screen's two reads for a person with two years of history: `GET /api/dashboard/stats` and
// `GET /api/meals?todayOnly=true`, through gateway → NATS → journal, against the one-process baseline of
// bench/gateway-overhead.mjs (`GET /api/auth/user` answered by bench/lib/baseline-server.mjs: session from Redis, one row
// by primary key, JSON out).
//
// 1. Seeds one person through the API, BENCH_CONCURRENCY (default 16) meals at a time, with a progress line:
//    2,000 meals over the last 730 days (BENCH_MEALS), 3 foods each from the catalogue (6,000 entries), the past ones
//    completed, and 3,000 symptoms (BENCH_SYMPTOMS), a third of them linked to a meal; 3 of the meals and 4 of the
//    symptoms are today's, in the person's time zone. Then checks that both reads show exactly those.
// 2. Two phases of the same reads: "cached", through the stack's gateway, whose journal read cache (JournalReadCache)
//    answers every read after the first from Redis, as a person reopening the home screen between writes sees it; and
//    "uncached", through a second gateway of the same stack started with JOURNAL_READ_CACHE_SECONDS=0, so that every
//    read goes over NATS to the journal and PostgreSQL, as the first read after each write does. The bench checks that
//    both gateways answer the same.
// 3. Closed loop at 20 connections (BENCH_CONNECTIONS), BENCH_SECONDS (default 4) per target after a 2 s warm-up,
//    each read of each phase and the baseline alternating for BENCH_ROUNDS (default 5) rounds. Prints req/s,
//    p50/p95/p99 for each, and the ratio of each read's req/s to the baseline's, overall and as the median of the
//    rounds' ratios. Targets, printed beside the figures: p95 ≤ 15 ms, ratio ≥ 0.5. Nothing is asserted. With a started
//    stack, also the CPU time the gateway and the journal (and the baseline) spent per request answered, from /proc,
//    and PostgreSQL's: its backends serving the bench's database (a backend that exits during a run takes its share
//    with it). Redis's own time is not in it.
// Absolute figures depend on the machine and what else runs on it; the ratios within one run are the comparable figures.
//
// Needs the built apps (`npm run build`) and PostgreSQL, NATS (JetStream) and Redis as for the tests.
//   node bench/dashboard.mjs
//       starts identity, journal, foods and two gateways with bench/lib/stack.mjs on a database and prefix of their
//       own, and removes them at the end.
//   BENCH_GATEWAY_URL=http://localhost:3000 node bench/dashboard.mjs
//       uses a running stack instead, cached phase only (DATABASE_URL, NATS_PREFIX and SESSION_SECRET must be the
//       stack's, for the baseline). The bench person and their history stay there: only BENCH_GATEWAY_URL names a
//       stack, never GATEWAY_URL, because this bench adds data.
//   BENCH_PROFILE_DIR=/tmp/prof node bench/dashboard.mjs
//       also CPU-profiles the gateways and the journal during the first round of each read and prints where the time goes.
// At the end, the plan of each statement the journal runs for the two reads (EXPLAIN (ANALYZE, BUFFERS), the person's
// today), from the journal's own SQL (apps/journal/src/meals/meal-reader.ts).
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { apiClient, closedLoop, get, measuringCpu, measuringPostgresCpu, median, startBaseline, summarize } from './lib/load.mjs';
import { summarizeProfile } from './lib/profile-summary.mjs';
import { httpContract, pathTo, require, root, seededRandom, signUp, startStack } from './lib/stack.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MEALS = Number(process.env.BENCH_MEALS ?? 2000);
const FOODS_PER_MEAL = 3;
const SYMPTOMS = Number(process.env.BENCH_SYMPTOMS ?? 3000);
const HISTORY_DAYS = 730;
const TODAY_MEALS = 3;
const TODAY_SYMPTOMS = 4;
const WARM_UP_SECONDS = 2;
const TARGET_P95_MS = 15;
const TARGET_RATIO = 0.5;
const DAY_MS = 86_400_000;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const LABEL_WIDTH = 40;

const { JOURNAL, localDay, localDayRange, MEAL_TYPES, SYMPTOM_TYPES, SEVERITIES } = require(join(root, 'libs/contracts/dist/index.js'));
const { Client } = require('pg');
const { meals: mealRoutes, symptoms: symptomRoutes } = httpContract;
/** The home screen's two reads. */
const STATS = httpContract.dashboard.stats.path;
const TODAYS_MEALS = `${mealRoutes.list.path}?todayOnly=true`;
const rand = seededRandom(20260107);
const pick = (list) => list[Math.floor(rand() * list.length)];
/** Words whose search results make a varied pantry of catalogue foods, low, medium, high and unknown. */
const PANTRY_QUERIES = ['rice', 'egg', 'chicken', 'carrot', 'banana', 'oats', 'potato', 'spinach', 'tomato', 'cheese', 'avocado', 'garlic', 'onion', 'apple', 'bread', 'salmon', 'yogurt', 'beans'];

/** A time on the `daysAgo`-th day before today (1 = yesterday) in the person's zone: a random second of that day. */
function pastInstant(todayStart, daysAgo) {
  return new Date(todayStart.getTime() - (daysAgo - 1) * DAY_MS - 1000 - Math.floor(rand() * (DAY_MS - 2000))).toISOString();
}

/** A time between the start of today and a minute ago (or the start itself just after midnight). */
function todayInstant(todayStart) {
  const span = Math.max(0, Date.now() - 60_000 - todayStart.getTime());
  return new Date(todayStart.getTime() + Math.floor(rand() * span)).toISOString();
}

async function seed(call, timeZone) {
  const pantry = new Map();
  for (const q of PANTRY_QUERIES) for (const food of await call('GET', `${httpContract.foods.search.path}?q=${q}`)) pantry.set(food.id, food);
  const foods = [...pantry.values()];
  const todayStart = localDayRange(localDay(new Date(), timeZone), timeZone).start;

  // Plans first, from the seeded sequence, so that the concurrent requests below do not change what is made.
  const meals = Array.from({ length: MEALS }, (_, i) => {
    const today = i < TODAY_MEALS;
    const daysAgo = 1 + Math.floor(((i - TODAY_MEALS) * HISTORY_DAYS) / Math.max(1, MEALS - TODAY_MEALS));
    const entries = Array.from({ length: FOODS_PER_MEAL }, () => {
      const food = pick(foods);
      const inGrams = food.servingGrams && rand() < 0.2;
      return { foodId: food.id, quantity: inGrams ? pick([50, 80, 100, 150]) : pick([0.5, 1, 1, 1, 1.5, 2]), servingUnit: inGrams ? 'g' : 'serving' };
    });
    return { mealType: pick(MEAL_TYPES), name: `Meal ${i + 1}`, timestamp: today ? todayInstant(todayStart) : pastInstant(todayStart, daysAgo), entries, complete: !today || rand() < 0.5 };
  });
  const symptoms = Array.from({ length: SYMPTOMS }, (_, i) => ({
    symptomType: pick(SYMPTOM_TYPES),
    severity: pick(SEVERITIES),
    timestamp: i < TODAY_SYMPTOMS ? todayInstant(todayStart) : pastInstant(todayStart, 1 + Math.floor(rand() * HISTORY_DAYS)),
    linkTo: rand() < 1 / 3 ? Math.floor(rand() * MEALS) : null,
  }));

  const done = { meals: 0, entries: 0, symptoms: 0 };
  const started = Date.now();
  const progress = () => {
    const line = `seeding: meals ${done.meals}/${MEALS}, food entries ${done.entries}/${MEALS * FOODS_PER_MEAL}, symptoms ${done.symptoms}/${SYMPTOMS} (${((Date.now() - started) / 1000).toFixed(0)} s)`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
    else console.log(line);
  };
  const ticker = setInterval(progress, process.stdout.isTTY ? 500 : 10_000);
  const ids = new Array(MEALS);
  const inParallel = async (count, work) => {
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }));
  };
  try {
    await inParallel(MEALS, async (i) => {
      const { entries, complete, ...fields } = meals[i];
      const { id } = await call('POST', mealRoutes.create.path, fields);
      ids[i] = id;
      // One meal's foods in order: each is an append to the meal's stream.
      for (const entry of entries) {
        await call('POST', pathTo(mealRoutes.addFood, { id }), entry);
        done.entries++;
      }
      if (complete) await call('PATCH', pathTo(mealRoutes.complete, { id }));
      done.meals++;
    });
    await inParallel(SYMPTOMS, async (i) => {
      const { linkTo, ...fields } = symptoms[i];
      await call('POST', symptomRoutes.log.path, { ...fields, ...(linkTo === null ? {} : { mealId: ids[linkTo] }) });
      done.symptoms++;
    });
  } finally {
    clearInterval(ticker);
    progress();
    if (process.stdout.isTTY) process.stdout.write('\n');
  }
  console.log(`seeded ${MEALS} meals, ${MEALS * FOODS_PER_MEAL} food entries (${foods.length} catalogue foods) and ${SYMPTOMS} symptoms in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statement behind each read, for the person's today, as the journal runs it. */
async function explainReads(databaseUrl, userId, timeZone) {
  const { mealReadStatements } = require(join(root, 'apps/journal/dist/meals/meal-reader.js'));
  const sql = mealReadStatements({ meals: `${JOURNAL}.meals`, mealFoods: `${JOURNAL}.meal_foods`, symptoms: `${JOURNAL}.symptoms` });
  const today = localDayRange(localDay(new Date(), timeZone), timeZone);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (const [read, statement] of [[STATS, sql.day], [TODAYS_MEALS, sql.list]]) {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`, [userId, today.start, today.end]);
      console.log(`\nplan of ${read}:`);
      for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
    }
  } finally {
    await db.end();
  }
}

function line(label, figures) {
  const ms = (value) => `${value.toFixed(2).padStart(7)} ms`;
  return `${label.padEnd(LABEL_WIDTH)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  p99 ${ms(figures.p99)}  (${figures.requests} requests${figures.errors ? `, ${figures.errors} not 200` : ''})`;
}

async function main() {
  const runningUrl = process.env.BENCH_GATEWAY_URL;
  const profiling = Boolean(PROFILE_DIR) && !runningUrl;
  if (profiling) mkdirSync(PROFILE_DIR, { recursive: true });
  const preload = ['--require', join(root, 'bench/lib/cpu-profile.cjs')];
  // Only BENCH_GATEWAY_URL names a running stack here ('' keeps the lib from falling back to GATEWAY_URL): the bench adds data.
  const stack = await startStack({
    services: ['identity', 'journal', 'foods'],
    gatewayUrl: runningUrl ?? '',
    nodeArgs: profiling ? { gateway: preload, journal: preload } : {},
    env: profiling ? { BENCH_PROFILE_DIR: PROFILE_DIR } : {},
  });
  let baseline;
  let postgres;
  const profiles = [];
  try {
    const person = await signUp(stack.gatewayUrl, 'dashboard');
    const call = apiClient(stack.gatewayUrl, person.cookie);
    await seed(call, person.user.timeZone);

    const stats = await call('GET', STATS);
    const todays = await call('GET', TODAYS_MEALS);
    console.log(`today (${person.user.timeZone}): dashboard ${JSON.stringify({ todayScore: stats.todayScore, mealsLogged: stats.mealsLogged, symptomsCount: stats.symptomsCount })}, today's meals ${todays.length}`);
    if (stats.mealsLogged !== TODAY_MEALS || stats.symptomsCount !== TODAY_SYMPTOMS || todays.length !== TODAY_MEALS) {
      throw new Error(`Expected ${TODAY_MEALS} meals and ${TODAY_SYMPTOMS} symptoms today: the reads do not show the seeded day`);
    }
    // The uncached phase: a second gateway of the same stack with the journal read cache off, so every read asks the journal.
    const uncached = stack.startGateway && (await stack.startGateway({ JOURNAL_READ_CACHE_SECONDS: '0' }, profiling ? preload : []));
    if (uncached) {
      const direct = apiClient(uncached.url, person.cookie);
      const same = JSON.stringify(await direct('GET', STATS)) === JSON.stringify(stats) && JSON.stringify(await direct('GET', TODAYS_MEALS)) === JSON.stringify(todays);
      if (!same) throw new Error('The journal answers the uncached gateway differently from what the cache holds');
    } else console.log('(a running stack: the uncached phase needs a second gateway of its own and is left out)');

    baseline = await startBaseline(stack.config);
    const canMeasureCpu = existsSync('/proc/self/stat') && !runningUrl;
    if (canMeasureCpu) {
      postgres = new Client({ connectionString: stack.config.databaseUrl });
      await postgres.connect();
    }
    const loop = (target) => () => closedLoop(target.url, person.cookie, SECONDS, CONNECTIONS);
    const measured = (target, totals) => (postgres ? () => measuringPostgresCpu(postgres, totals, loop(target)) : loop(target));
    const pidsOf = (gatewayPid) => (canMeasureCpu ? { gateway: gatewayPid, journal: stack.pids.journal } : {});
    const reads = [
      { phase: 'cached', url: stack.gatewayUrl, pid: stack.pids.gateway },
      ...(uncached ? [{ phase: 'uncached', url: uncached.url, pid: uncached.pid }] : []),
    ].flatMap(({ phase, url, pid }) => [
      { label: `GET /api/dashboard/stats (${phase})`, name: `stats-${phase}`, url: url + STATS, pids: pidsOf(pid), gatewayPid: pid },
      { label: `GET /api/meals?todayOnly=true (${phase})`, name: `todays-meals-${phase}`, url: url + TODAYS_MEALS, pids: pidsOf(pid), gatewayPid: pid },
    ]);
    const targets = [...reads, { label: 'baseline GET /api/auth/user', url: baseline.url, pids: canMeasureCpu ? { baseline: baseline.child.pid } : {} }];
    const base = targets.length - 1;
    for (const { url } of targets) {
      const status = await get(undefined, url, person.cookie);
      if (status !== 200) throw new Error(`${url} answered ${status} to the bench person`);
    }

    console.log(`\n${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per target after ${WARM_UP_SECONDS} s warm-up each`);
    for (const { url } of targets) await closedLoop(url, person.cookie, WARM_UP_SECONDS, CONNECTIONS);
    const runs = targets.map(() => []);
    const ratios = targets.map(() => []);
    const cpu = targets.map(() => ({}));
    // The first SIGWINCH starts each profiled process's profiler, the second writes its profile (bench/lib/cpu-profile.cjs).
    const profiledOf = (target) => Object.entries({ gateway: target.gatewayPid, journal: stack.pids.journal });
    const toggleProfilers = (target) => profiledOf(target).forEach(([, pid]) => process.kill(pid, 'SIGWINCH'));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        const profiled = profiling && round === 0 && target.name;
        if (profiled) toggleProfilers(target);
        runs[i].push(await measuringCpu(target.pids, cpu[i], measured(target, cpu[i])));
        if (profiled) {
          toggleProfilers(target);
          // Each process writes <app>-<pid>.cpuprofile: named after the read it covers before the next one overwrites it.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          for (const [name, pid] of profiledOf(target)) {
            const file = join(PROFILE_DIR, `${name}-${pid}.cpuprofile`);
            const named = `${name}-${pid}-${target.name}.cpuprofile`;
            if (existsSync(file)) {
              renameSync(file, join(PROFILE_DIR, named));
              profiles.push(named);
            }
          }
        }
      }
      const rps = runs.map((list) => summarize([list[round]]).rps);
      for (const i of reads.keys()) ratios[i].push(rps[i] / rps[base]);
      console.log(`  round ${round + 1}: ${targets.map((target, i) => `${target.name ?? 'baseline'} ${rps[i].toFixed(0)}`).join(', ')} req/s`);
    }
    const figures = runs.map((list) => summarize(list));
    console.log('');
    for (const [i, { label }] of targets.entries()) console.log(line(label, figures[i]));
    console.log('');
    for (const i of reads.keys()) {
      const ratio = figures[i].rps / figures[base].rps;
      console.log(
        `${targets[i].label.padEnd(LABEL_WIDTH)} p95 ${figures[i].p95.toFixed(2)} ms (target <= ${TARGET_P95_MS} ms)   ratio to baseline ${ratio.toFixed(2)} overall, ${median(ratios[i]).toFixed(2)} median of rounds (target >= ${TARGET_RATIO})`,
      );
    }
    if (canMeasureCpu) {
      console.log('');
      const per = (ms, i) => ((ms ?? 0) * 1000) / figures[i].requests;
      for (const i of reads.keys()) {
        console.log(
          `CPU per request ${targets[i].label.padEnd(LABEL_WIDTH)} gateway ${per(cpu[i].gateway, i).toFixed(0)} µs + journal ${per(cpu[i].journal, i).toFixed(0)} µs + PostgreSQL ${per(cpu[i].postgres, i).toFixed(0)} µs`,
        );
      }
      console.log(`CPU per request ${targets[base].label.padEnd(LABEL_WIDTH)} ${per(cpu[base].baseline, base).toFixed(0)} µs + PostgreSQL ${per(cpu[base].postgres, base).toFixed(0)} µs${profiling ? '   (profilers on in round 1)' : ''}`);
    }
    await explainReads(stack.config.databaseUrl, person.user.id, person.user.timeZone);
  } finally {
    await postgres?.end();
    baseline?.child.kill('SIGTERM');
    await stack.stop();
  }
  if (profiling) {
    for (const file of readdirSync(PROFILE_DIR).filter((name) => profiles.includes(name)).sort()) {
      console.log(`\nprofile ${join(PROFILE_DIR, file)}`);
      for (const text of summarizeProfile(join(PROFILE_DIR, file))) console.log(text);
    }
  }
}

await main();
