// The Insights screen's reads for a heavy user with two years of history, through the gateway, and the rebuild of the
// insights projections from the event stream.
//
// 1. Seeds one person (America/New_York) through the journal's own RPC over NATS, the subjects the gateway sends to
//    (the gateway's HTTP, session and read-cache bumps left out of the way of 35,000 writes), BENCH_CONCURRENCY
//    (default 16) meals at a time: 5,000 meals over the last 730 days (BENCH_MEALS), 15,000 food entries (1 to 5 per
//    meal, 3 on average) from a pantry of 40 catalogue foods eaten with realistic frequencies (olive oil and coffee
//    often, lentils rarely), each meal completed, and 10,000 symptoms (BENCH_SYMPTOMS): four in five follow a meal
//    (a third of those linked to it, the rest logged 1-8 h after it, unlinked), half of those after a meal with one of
//    two planted triggers (garlic, whole-milk yoghurt), and one in five at a random time.
// 2. Waits until every insights projection has applied the journal's last event (its checkpoint in PostgreSQL), vacuums
//    and analyses the insights tables as autovacuum would (it may be off on a development machine), then checks that
//    the activity of the two years counts every meal and symptom.
// 3. Closed loop at BENCH_CONNECTIONS (default 4) connections, BENCH_SECONDS (default 5) per read after a 1 s warm-up:
//    GET /api/insights/correlation and /api/insights/fodmap-groups for 7, 14, 30 and 90 days and
//    GET /api/insights/activity for 7, 14, 30, 90, 180 and 365 days. Prints req/s and p50/p95/p99 per read, and (on a
//    stack it started) the CPU each read cost the gateway, insights and PostgreSQL per request, from /proc. The stack it
//    starts computes every analysis afresh, as the first read after a person's change is (INSIGHTS_CACHE_ENTRIES=0:
//    the service otherwise keeps each analysis until the person's next change; INSIGHTS_CACHE_ENTRIES=1000 measures that).
//    Then the plan of the correlation's history read over 90 days (EXPLAIN (ANALYZE, BUFFERS)).
// 4. Times `node apps/insights/dist/rebuild.js <projection>` for each of the service's consumer projections (replays the
//    JetStream stream into fresh tables and swaps them in, with the service running) and prints events/s over the whole
//    command and over the command less its loading (the same command run without a projection: it loads every module,
//    prints its usage and exits before connecting to anything).
// Targets, printed beside the figures: correlation p95 ≤ 50 ms at 90 days, activity p95 ≤ 150 ms at 365 days,
// rebuild ≥ 20,000 events/s. Nothing is asserted. Absolute figures depend on the machine and what else runs on it.
//
// Needs the built apps (`npm run build`) and PostgreSQL, NATS (JetStream) and Redis as for the tests.
//   node bench/insights.mjs
//       starts the five services and the gateway with bench/lib/stack.mjs on a database and prefix of their own, and
//       removes them at the end.
//   BENCH_GATEWAY_URL=http://localhost:3000 node bench/insights.mjs
//       uses a running stack instead (DATABASE_URL and NATS_PREFIX must be the stack's). The bench person and their
//       history stay there, and the rebuilds run against it: only BENCH_GATEWAY_URL names a stack, never GATEWAY_URL.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { existsSync } from 'node:fs';
import { closedLoop, measuringCpu, measuringPostgresCpu, summarize } from './lib/load.mjs';
import { httpContract, require, root, seededRandom, signUp, startStack } from './lib/stack.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** Analyses the insights service keeps; none by default, so that each read is an analysis computed afresh. */
const CACHE_ENTRIES = process.env.INSIGHTS_CACHE_ENTRIES ?? '0';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MEALS = Number(process.env.BENCH_MEALS ?? 5000);
const SYMPTOMS = Number(process.env.BENCH_SYMPTOMS ?? 10000);
const ENTRIES_PER_MEAL = 3;
const HISTORY_DAYS = 730;
const TIME_ZONE = 'America/New_York';
const WARM_UP_SECONDS = 1;
const PROJECTED_WITHIN_MS = 15 * 60_000;
const TARGETS = { correlation: { period: 90, p95: 50 }, activity: { period: 365, p95: 150 }, rebuildEventsPerSecond: 20_000 };
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const LABEL_WIDTH = 44;

const { CORRELATION_PERIODS, INSIGHT_PERIODS, localDay, localDayRange, Rpc, SYMPTOM_WINDOW } = require(join(root, 'libs/contracts/dist/index.js'));
const { activity: { path: ACTIVITY }, correlation: { path: CORRELATION }, fodmapGroups: { path: FODMAP_GROUPS } } = httpContract.insights;
const rand = seededRandom(20260801);
const pick = (list) => list[Math.floor(rand() * list.length)];
const between = (low, high) => low + rand() * (high - low);

/** What one person eats over two years, by how often (relative weights); the two triggers are planted. */
const PANTRY = [
  ['Olive oil', 8], ['Coffee, brewed', 8], ['Egg, scrambled', 8], ['Chicken breast, skinless, roasted', 6], ['Tomato, red, raw', 6],
  ['Spinach, raw', 5], ['Pasta, cooked', 5], ['Butter, salted', 5], ['Cucumber, with peel, raw', 4], ['Lettuce, romaine, raw', 4],
  ['Potato, raw, flesh and skin', 4], ['Cheddar cheese', 4], ['Almond milk, unsweetened', 4], ['Banana, firm (unripe, green-tipped)', 4],
  ['Carrot, raw', 4], ['Garlic, raw', 4], ['Orange, raw', 3], ['Strawberries, raw', 3], ['Blueberries, raw', 3], ['Peanut butter, smooth', 3],
  ['Salmon, Atlantic, farmed, cooked', 3], ['Zucchini, raw', 3], ['Bell pepper, red, raw', 3], ['Egg, hard-boiled', 3], ['Onion, raw', 3],
  ['Yogurt, plain, low fat', 3], ['Tuna, light, canned in water', 2], ['Tofu, firm', 2], ['Beef bottom round roast', 2], ['Avocado, raw', 2],
  ['Chickpeas, boiled', 2], ['Broccoli florets, cooked', 2], ['Honey', 2], ['Tomato ketchup', 2], ['Corn flakes', 2],
  ['Lentils, boiled', 1], ['Mushrooms, white button, raw', 1], ['Pineapple juice, unsweetened', 1], ['Cauliflower, raw', 1], ['Tofu, extra firm', 1],
];
const TRIGGERS = new Set(['Garlic, raw', 'Yogurt, plain, low fat']);
const MEAL_HOURS = { breakfast: [7, 9], lunch: [12, 14], dinner: [18, 21], snack: [10, 22] };
const SYMPTOM_WEIGHTS = [['bloating', 5], ['pain', 4], ['gas', 4], ['diarrhea', 2], ['constipation', 1], ['nausea', 1], ['fatigue', 1], ['headache', 1], ['mood', 1]];
const SEVERITY_WEIGHTS = [['mild', 5], ['moderate', 3.5], ['severe', 1.5]];

function weighted(entries) {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let left = rand() * total;
    for (const [value, weight] of entries) if ((left -= weight) < 0) return value;
    return entries[entries.length - 1][0];
  };
}

/** The pantry's foods as the person finds them, through the search, by their exact names. */
async function findPantry(gatewayUrl, cookie) {
  return Promise.all(
    PANTRY.map(async ([name, weight]) => {
      const res = await fetch(`${gatewayUrl}${httpContract.foods.search.path}?q=${encodeURIComponent(name)}`, { headers: { Cookie: cookie, Accept: 'application/json' } });
      const food = (await res.json()).find((candidate) => candidate.name === name && !candidate.isPrivate);
      if (!food) throw new Error(`The catalogue search did not find ${name}`);
      return [food, weight];
    }),
  );
}

/** The history, planned from the seeded sequence first, so that the concurrent requests below do not change what is made. */
function planHistory(pantry, timeZone) {
  const food = weighted(pantry);
  const symptomType = weighted(SYMPTOM_WEIGHTS);
  const severity = weighted(SEVERITY_WEIGHTS);
  const now = Date.now();
  const latest = now - 60_000;
  const todayStart = localDayRange(localDay(new Date(now), timeZone), timeZone).start.getTime();
  // 1 to 5 entries a meal, 3 on average exactly: each pair of meals shares 6.
  const entryCounts = Array.from({ length: MEALS }, () => ENTRIES_PER_MEAL);
  for (let i = 0; i + 1 < MEALS; i += 2) {
    const shift = Math.floor(rand() * 3);
    entryCounts[i] += shift;
    entryCounts[i + 1] -= shift;
  }
  const meals = entryCounts.map((count, i) => {
    const daysAgo = HISTORY_DAYS - 1 - Math.floor((i * HISTORY_DAYS) / MEALS);
    const mealType = pick(Object.keys(MEAL_HOURS));
    const [from, to] = MEAL_HOURS[mealType];
    const eatenAt = Math.min(latest, todayStart - daysAgo * DAY_MS + between(from, to) * HOUR_MS);
    const foods = new Map();
    while (foods.size < count) {
      const chosen = food();
      foods.set(chosen.id, { food: chosen, quantity: pick([0.5, 1, 1, 1, 1.5, 2]) });
    }
    return { mealType, name: `Meal ${i + 1}`, eatenAt, foods: [...foods.values()] };
  });
  const triggerMeals = meals.map((meal, i) => (meal.foods.some(({ food: eaten }) => TRIGGERS.has(eaten.name)) ? i : -1)).filter((i) => i >= 0);
  const symptoms = Array.from({ length: SYMPTOMS }, () => {
    const fields = { symptomType: symptomType(), severity: severity() };
    if (rand() < 0.2) return { ...fields, feltAt: between(now - HISTORY_DAYS * DAY_MS, latest), linkTo: null };
    const mealIndex = rand() < 0.5 ? pick(triggerMeals) : Math.floor(rand() * MEALS);
    const linked = rand() < 1 / 3;
    const feltAt = Math.min(latest, meals[mealIndex].eatenAt + (linked ? between(0.5, 4) : between(1, 8)) * HOUR_MS);
    return { ...fields, feltAt, linkTo: linked ? mealIndex : null };
  });
  return { meals, symptoms };
}

/** The journal's RPC over NATS as the gateway sends it for the person; a refusal stops the bench with its answer. */
function journalRpc(config, caller) {
  const { ClientProxyFactory, Transport } = require('@nestjs/microservices');
  const { rpcRecord } = require(join(root, 'libs/server/dist/index.js'));
  const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { ...config.nats } });
  // The caller signed with the stack's CALLER_SECRET, as the gateway signs it: the services refuse it otherwise.
  const send = (subject, request) =>
    firstValueFrom(client.send(`${config.natsPrefix}.${subject}`, rpcRecord(`${config.natsPrefix}.${subject}`, { caller, ...request }, config.callerSecret))).catch((error) => {
      throw new Error(`${subject} answered ${JSON.stringify(error)}`);
    });
  return { send, close: () => client.close() };
}

async function seed(rpc, { meals, symptoms }) {
  const done = { meals: 0, entries: 0, symptoms: 0 };
  const entries = meals.reduce((sum, meal) => sum + meal.foods.length, 0);
  const started = Date.now();
  const progress = () => {
    const line = `seeding: meals ${done.meals}/${meals.length}, food entries ${done.entries}/${entries}, symptoms ${done.symptoms}/${symptoms.length} (${((Date.now() - started) / 1000).toFixed(0)} s)`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line}`);
    else console.log(line);
  };
  const ticker = setInterval(progress, process.stdout.isTTY ? 500 : 15_000);
  const inParallel = async (count, work) => {
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }));
  };
  const ids = new Array(meals.length);
  try {
    await inParallel(meals.length, async (i) => {
      const { mealType, name, eatenAt, foods } = meals[i];
      const { id } = await rpc.send(Rpc.journal.createMeal, { input: { mealType, name, timestamp: new Date(eatenAt).toISOString() } });
      ids[i] = id;
      // One meal's foods in order: each is an append to the meal's stream.
      for (const { food, quantity } of foods) {
        await rpc.send(Rpc.journal.addMealFood, { mealId: id, input: { foodId: food.id, quantity, servingUnit: 'serving' } });
        done.entries++;
      }
      await rpc.send(Rpc.journal.completeMeal, { mealId: id });
      done.meals++;
    });
    await inParallel(symptoms.length, async (i) => {
      const { symptomType, severity, feltAt, linkTo } = symptoms[i];
      await rpc.send(Rpc.journal.logSymptom, { input: { symptomType, severity, timestamp: new Date(feltAt).toISOString(), ...(linkTo === null ? {} : { mealId: ids[linkTo] }) } });
      done.symptoms++;
    });
  } finally {
    clearInterval(ticker);
    progress();
    if (process.stdout.isTTY) process.stdout.write('\n');
  }
  const seconds = (Date.now() - started) / 1000;
  const writes = meals.length * 2 + entries + symptoms.length;
  console.log(`seeded ${meals.length} meals, ${entries} food entries and ${symptoms.length} symptoms in ${seconds.toFixed(1)} s (${(writes / seconds).toFixed(0)} writes/s)`);
}

/** Resolves once every insights projection's checkpoint has reached its source's last event. */
async function waitUntilProjected(databaseUrl) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await db.query('SELECT projection, source, position FROM insights.projection_checkpoints');
      const behind = [];
      for (const { projection, source, position } of rows) {
        const { rows: [last] } = await db.query(`SELECT coalesce(max(position), 0) AS position FROM "${source}".events`);
        if (Number(position) < Number(last.position)) behind.push(`${projection} ${position}/${last.position} of ${source}`);
      }
      if (rows.length > 0 && behind.length === 0) {
        console.log(`insights projected every event ${((Date.now() - started) / 1000).toFixed(1)} s after the seeding ended (${rows.map((row) => `${row.projection} at ${row.position}`).join(', ')})`);
        return;
      }
      if (Date.now() - started > PROJECTED_WITHIN_MS) throw new Error(`insights had not caught up within ${PROJECTED_WITHIN_MS / 60_000} min: ${behind.join(', ') || 'no checkpoint yet'}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await db.end();
  }
}

/**
 * The insights tables as autovacuum leaves them in a running product: analysed (the planner's row counts) and vacuumed
 * (the visibility map that lets an index-only scan skip the table). A PostgreSQL with autovacuum off (this development
 * machine's) would otherwise plan the reads of two years' rows with a brand-new table's guesses.
 */
async function vacuumInsights(databaseUrl) {
  const { Client } = require('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: [{ autovacuum }] } = await db.query('SHOW autovacuum');
    await db.query('VACUUM (ANALYZE) insights.meals, insights.meal_foods, insights.symptoms');
    console.log(`insights' tables vacuumed and analysed, as autovacuum (${autovacuum} here) does in a running product`);
  } finally {
    await db.end();
  }
}

/** The two years' meals and symptoms as the activity counts them (two ranges: one may span at most 366 days). */
async function countedActivity(gatewayUrl, cookie, timeZone) {
  const today = localDay(new Date(), timeZone);
  const dayBefore = (day, days) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  const totals = { meals: 0, symptoms: 0 };
  for (const [startDate, endDate] of [[dayBefore(today, 365), today], [dayBefore(today, 731), dayBefore(today, 366)]]) {
    const res = await fetch(`${gatewayUrl}${ACTIVITY}?startDate=${startDate}&endDate=${endDate}`, { headers: { Cookie: cookie, Accept: 'application/json' } });
    if (!res.ok) throw new Error(`The activity answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    for (const day of (await res.json()).dailyData) {
      totals.meals += day.mealsCount;
      totals.symptoms += day.symptomCount;
    }
  }
  return totals;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the correlation's history read of `period` days, as insights runs it for the person. */
async function explainHistory(db, userId, timeZone, period) {
  const { historyStatement, periodStart } = require(join(root, 'apps/insights/dist/journal-history/history-reader.js'));
  // A build from before issue 22 (a before-and-after pair) keeps its statement inside the reader.
  if (!historyStatement) return console.log('\nthis build does not export its history statement: no plan');
  const start = periodStart({ userId, timeZone }, period);
  const values = [userId, start, new Date(start.getTime() + SYMPTOM_WINDOW.fromHours * HOUR_MS)];
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${historyStatement('insights')}`, values);
  console.log(`\nplan of the correlation's history read, ${period} days:`);
  for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
}

/** Runs a node script of the repository with the stack's database and prefix; resolves with its output and wall time. */
function runTimed(args, config) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, DATABASE_URL: config.databaseUrl, NATS_PREFIX: config.natsPrefix }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 }));
  });
}

function line(label, figures) {
  const ms = (value) => `${value.toFixed(2).padStart(7)} ms`;
  return `${label.padEnd(LABEL_WIDTH)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  p99 ${ms(figures.p99)}  (${figures.requests} requests${figures.errors ? `, ${figures.errors} not 200` : ''})`;
}

async function main() {
  const runningUrl = process.env.BENCH_GATEWAY_URL;
  // Only BENCH_GATEWAY_URL names a running stack here ('' keeps the lib from falling back to GATEWAY_URL): the bench adds data.
  const stack = await startStack({ gatewayUrl: runningUrl ?? '', env: { INSIGHTS_CACHE_ENTRIES: CACHE_ENTRIES } });
  try {
    const person = await signUp(stack.gatewayUrl, 'insights', TIME_ZONE);
    const history = planHistory(await findPantry(stack.gatewayUrl, person.cookie), person.user.timeZone);
    const rpc = journalRpc(stack.config, { userId: person.user.id, timeZone: person.user.timeZone });
    try {
      await seed(rpc, history);
    } finally {
      await rpc.close();
    }
    await waitUntilProjected(stack.config.databaseUrl);
    await vacuumInsights(stack.config.databaseUrl);
    const counted = await countedActivity(stack.gatewayUrl, person.cookie, person.user.timeZone);
    const complete = counted.meals === history.meals.length && counted.symptoms === history.symptoms.length;
    console.log(`the activity of the two years counts ${counted.meals} meals and ${counted.symptoms} symptoms${complete ? '' : ` — NOT the ${history.meals.length} and ${history.symptoms.length} seeded`}`);
    const top = await (await fetch(`${stack.gatewayUrl}${CORRELATION}?period=90`, { headers: { Cookie: person.cookie } })).json();
    console.log(`correlation over 90 days, first three: ${top.slice(0, 3).map((entry) => `${entry.foodName} (${entry.evidence}, ${entry.symptomsAfter}/${entry.totalMeals})`).join('; ')}`);

    const reads = [
      ...CORRELATION_PERIODS.map((period) => ({ label: `GET /api/insights/correlation?period=${period}`, path: `${CORRELATION}?period=${period}` })),
      ...CORRELATION_PERIODS.map((period) => ({ label: `GET /api/insights/fodmap-groups?period=${period}`, path: `${FODMAP_GROUPS}?period=${period}` })),
      ...INSIGHT_PERIODS.map((period) => ({ label: `GET /api/insights/activity?period=${period}`, path: `${ACTIVITY}?period=${period}` })),
    ];
    const caching = runningUrl ? 'analyses kept or not as the running stack is configured' : CACHE_ENTRIES === '0' ? 'every analysis computed afresh (INSIGHTS_CACHE_ENTRIES=0)' : `analyses kept by the service (INSIGHTS_CACHE_ENTRIES=${CACHE_ENTRIES})`;
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per read after ${WARM_UP_SECONDS} s warm-up; ${caching}`);
    const { Client } = require('pg');
    const db = new Client({ connectionString: stack.config.databaseUrl });
    await db.connect();
    const canMeasureCpu = existsSync('/proc/self/stat') && !runningUrl;
    const pids = canMeasureCpu ? { gateway: stack.pids.gateway, insights: stack.pids.insights } : {};
    const figures = new Map();
    try {
      for (const { label, path } of reads) {
        const url = stack.gatewayUrl + path;
        await closedLoop(url, person.cookie, WARM_UP_SECONDS, CONNECTIONS);
        const cpu = {};
        const run = await measuringPostgresCpu(db, cpu, () => measuringCpu(pids, cpu, () => closedLoop(url, person.cookie, SECONDS, CONNECTIONS)));
        figures.set(path, summarize([run]));
        const perRequest = (ms) => (((ms ?? 0) / figures.get(path).requests)).toFixed(2);
        const cpuLine = canMeasureCpu ? `  CPU per request: gateway ${perRequest(cpu.gateway)} ms + insights ${perRequest(cpu.insights)} ms + PostgreSQL ${perRequest(cpu.postgres)} ms` : '';
        console.log(line(label, figures.get(path)) + cpuLine);
      }
      await explainHistory(db, person.user.id, person.user.timeZone, TARGETS.correlation.period);
    } finally {
      await db.end();
    }

    const { insightsSchema } = require(join(root, 'apps/insights/dist/insights.schema.js'));
    const rebuildScript = join(root, 'apps/insights/dist/rebuild.js');
    const startUp = await runTimed([rebuildScript], stack.config);
    const rebuilds = [];
    for (const { name } of insightsSchema.consumer) {
      const run = await runTimed([rebuildScript, name], stack.config);
      if (run.code !== 0) throw new Error(`rebuild.js ${name} exited with ${run.code}: ${run.stderr.slice(-2000)}`);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1));
      rebuilds.push({ name, events: result.events, seconds: run.seconds, replaySeconds: Math.max(0.001, run.seconds - startUp.seconds), reported: result.seconds });
    }
    console.log('');
    for (const { name, events, seconds, replaySeconds, reported } of rebuilds) {
      console.log(
        `rebuild ${name}: ${events} events in ${seconds.toFixed(2)} s = ${(events / seconds).toFixed(0)} events/s for the whole command; ` +
          `${(events / replaySeconds).toFixed(0)} events/s less the ${startUp.seconds.toFixed(2)} s it takes to load; ` +
          `${(events / reported).toFixed(0)} events/s over the ${reported.toFixed(2)} s from first read to swap the command reports`,
      );
    }

    console.log('\ntargets');
    const correlation = figures.get(`${CORRELATION}?period=${TARGETS.correlation.period}`);
    const activity = figures.get(`${ACTIVITY}?period=${TARGETS.activity.period}`);
    console.log(`  correlation, ${TARGETS.correlation.period} days: p95 ${correlation.p95.toFixed(2)} ms (target <= ${TARGETS.correlation.p95} ms)`);
    console.log(`  activity, ${TARGETS.activity.period} days:    p95 ${activity.p95.toFixed(2)} ms (target <= ${TARGETS.activity.p95} ms)`);
    for (const { name, events, seconds, replaySeconds, reported } of rebuilds) {
      console.log(
        `  rebuild ${name}: ${(events / seconds).toFixed(0)} events/s whole command, ${(events / replaySeconds).toFixed(0)} less loading, ` +
          `${(events / reported).toFixed(0)} replay (target >= ${TARGETS.rebuildEventsPerSecond})`,
      );
    }
  } catch (error) {
    if (stack.output.length > 0) console.error(stack.output.join('').slice(-4000));
    throw error;
  } finally {
    await stack.stop();
  }
}

await main();
