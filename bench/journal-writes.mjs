// Journal writes at 20 connections (issue 22): create a meal (`POST /api/meals`, no foods), add a food to a meal
// (`POST /api/meals/:id/foods`) and log a symptom (`POST /api/symptoms`), each kind in a closed loop of its own, and how
// far the relay (events table -> JetStream) and every consumer of the journal's events (insights' journal_history,
// notifications' journal_digest, ...) are behind the last appended event while the writes go on and after they stop.
//
// 1. Starts the whole stack (every service: the consumers are what the lag is about), registers BENCH_CONNECTIONS
//    (default 20) people, one connection each, and takes a few catalogue foods from the search.
// 2. Per write kind, after a 2 s warm-up of that kind: every person writes in a closed loop (the next write once the
//    previous one answered) for BENCH_SECONDS (default 8), BENCH_ROUNDS (default 2) rounds, the kinds in turn. Every
//    write carries an Idempotency-Key, as the app sends one per action. Food adds go round-robin over the meals the
//    person created in the create phase (a meal holds 50 foods at most).
// 3. Every 100 ms, from PostgreSQL: the last appended position of the journal's events, the relay's checkpoint and each
//    consumer's checkpoint of the journal's events, and for each the age of the oldest event it has not yet handled
//    (`occurredAt` of the event after its checkpoint). After each kind's load, it waits until all are caught up.
// 4. Prints per kind: writes/s, p50/p95/p99, the CPU time per write of each process (/proc; the relay runs in the
//    journal, the consumers in insights and notifications) and of the PostgreSQL backends of the bench's database
//    (pg_stat_activity; NATS's and Redis's own time is not in it), the lag (events and seconds, max during the load and
//    at its end) per follower and how long they took to catch up, with the target beside (>= 250 writes/s, lag <= 1 s).
//    Any answer but a 201 is counted and printed; nothing is asserted.
// Absolute figures depend on the machine and what else runs on it; CPU per write is the figure other load hardly moves.
//
// Needs the built apps (`npm run build`) and PostgreSQL, NATS (JetStream) and Redis as for the tests.
//   node bench/journal-writes.mjs      starts the stack with bench/lib/stack.mjs on a database and prefix of its own, and
//                                      removes them at the end
//   BENCH_PROFILE_DIR=/tmp/prof node bench/journal-writes.mjs
//                                      also CPU-profiles the gateway, journal, insights and notifications during the first
//                                      round of each kind and prints where the time goes
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { measuringCpu, measuringPostgresCpu, percentile, send } from './lib/load.mjs';
import { summarizeProfile } from './lib/profile-summary.mjs';
import { httpContract, pathTo, require, root, signUp, startStack } from './lib/stack.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARM_UP_SECONDS = 2;
const TARGET_WRITES_PER_SECOND = 250;
const TARGET_LAG_SECONDS = 1;
const SAMPLE_MS = 100;
const CATCH_UP_TIMEOUT_MS = 60_000;
const FOODS_PER_MEAL_AT_MOST = 40;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const PROFILED = ['gateway', 'journal', 'insights', 'notifications'];
/** Searches whose first catalogue hit is an ordinary food to add. */
const PANTRY = ['chicken', 'rice', 'carrot', 'spinach', 'egg'];

const { SYMPTOM_TYPES, SEVERITIES } = require(join(root, 'libs/contracts/dist/index.js'));
const { Client } = require('pg');

/** A write with an Idempotency-Key of its own, as the app sends it. */
const post = (agent, url, cookie, body) => send(agent, url, { method: 'POST', cookie, body, idempotencyKey: randomUUID() });

/** Each kind of write: one request, given the person (their meals and the foods to add). */
const KINDS = [
  {
    name: 'create meal: POST /api/meals',
    async write(agent, base, person, n) {
      const res = await post(agent, base + httpContract.meals.create.path, person.cookie, { mealType: 'lunch', name: `Bench meal ${n}`, timestamp: new Date().toISOString() });
      if (res.status === 201) person.meals.push({ id: res.body.id, foods: 0 });
      return res;
    },
  },
  {
    name: 'add food: POST /api/meals/:id/foods',
    async write(agent, base, person, n) {
      const meal = person.meals[n % person.meals.length];
      if (meal.foods >= FOODS_PER_MEAL_AT_MOST) throw new Error('The bench person has no meal left to add foods to: raise the create phase');
      meal.foods++;
      const food = person.foods[n % person.foods.length];
      return post(agent, base + pathTo(httpContract.meals.addFood, { id: meal.id }), person.cookie, { foodId: food.id, quantity: 1, servingUnit: 'serving' });
    },
  },
  {
    name: 'log symptom: POST /api/symptoms',
    async write(agent, base, person, n) {
      return post(agent, base + httpContract.symptoms.log.path, person.cookie, {
        symptomType: SYMPTOM_TYPES[n % SYMPTOM_TYPES.length],
        severity: SEVERITIES[n % SEVERITIES.length],
        notes: 'After lunch',
      });
    },
  },
];

/** Every person writing in a closed loop for `seconds`: each write's latency in ms, the failures and the time taken. */
async function closedLoop(kind, base, people, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: people.length });
  const latencies = [];
  const failures = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    people.map(async (person) => {
      while (performance.now() < end) {
        const sent = performance.now();
        const res = await kind.write(agent, base, person, person.writes++).catch((error) => ({ status: 0, body: { message: error.message } }));
        latencies.push(performance.now() - sent);
        if (res.status !== 201) failures.push(res);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, failures, elapsed };
}

/**
 * The journal's followers: its relay (relay_checkpoints) and every consumer projection of its events in any schema
 * (projection_checkpoints whose source is the journal), each with its position and the age of the oldest event after it.
 */
async function followers(pg) {
  const { rows } = await pg.query(
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'projection_checkpoints' AND table_schema <> 'journal' ORDER BY 1`,
  );
  const consumers = [];
  for (const { table_schema: schema } of rows) {
    const found = await pg.query(`SELECT projection FROM "${schema}".projection_checkpoints WHERE source = 'journal' ORDER BY 1`);
    for (const { projection } of found.rows) consumers.push({ name: `${schema}.${projection}`, sql: `(SELECT position FROM "${schema}".projection_checkpoints WHERE projection = '${projection}' AND source = 'journal')` });
  }
  return [{ name: 'relay', sql: '(SELECT max(position) FROM journal.relay_checkpoints)' }, ...consumers];
}

/** One sample of every follower: events behind the last appended one, and the age in seconds of the oldest of them. */
async function sampleLag(pg, list) {
  const columns = list.map(
    ({ sql }, i) => `${sql} AS p${i},
      (SELECT extract(epoch FROM clock_timestamp() - (metadata->>'occurredAt')::timestamptz) FROM journal.events
        WHERE position > COALESCE(${sql}, 0) ORDER BY position LIMIT 1) AS a${i}`,
  );
  const { rows } = await pg.query(`SELECT (SELECT COALESCE(max(position), 0) FROM journal.events) AS last, ${columns.join(', ')}`);
  const [row] = rows;
  return list.map((_, i) => ({ behind: Number(row.last) - Number(row[`p${i}`] ?? 0), seconds: Math.max(0, Number(row[`a${i}`] ?? 0)) }));
}

/** Samples the lag every SAMPLE_MS until stopped; keeps each follower's max and last sample. */
function lagMonitor(pg, list) {
  const figures = list.map(() => ({ maxBehind: 0, maxSeconds: 0, last: { behind: 0, seconds: 0 } }));
  let running = true;
  const loop = (async () => {
    while (running) {
      const sample = await sampleLag(pg, list);
      sample.forEach((one, i) => {
        figures[i].maxBehind = Math.max(figures[i].maxBehind, one.behind);
        figures[i].maxSeconds = Math.max(figures[i].maxSeconds, one.seconds);
        figures[i].last = one;
      });
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    figures,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** Waits until every follower has handled the last appended event; the seconds it took for each. */
async function catchUp(pg, list) {
  const started = performance.now();
  const took = list.map(() => null);
  while (took.some((value) => value === null)) {
    const sample = await sampleLag(pg, list);
    sample.forEach((one, i) => {
      if (took[i] === null && one.behind === 0) took[i] = (performance.now() - started) / 1000;
    });
    if (performance.now() - started > CATCH_UP_TIMEOUT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS / 2));
  }
  return took;
}

function summary(runs) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const elapsed = runs.reduce((sum, run) => sum + run.elapsed, 0);
  return { latencies, elapsed, failures: runs.flatMap((run) => run.failures), rate: latencies.length / elapsed };
}

async function main() {
  const profiling = Boolean(PROFILE_DIR);
  if (profiling) mkdirSync(PROFILE_DIR, { recursive: true });
  const preload = ['--require', join(root, 'bench/lib/cpu-profile.cjs')];
  const stack = await startStack({
    gatewayUrl: '',
    nodeArgs: profiling ? Object.fromEntries(PROFILED.map((name) => [name, preload])) : {},
    env: profiling ? { BENCH_PROFILE_DIR: PROFILE_DIR } : {},
  });
  const pg = new Client({ connectionString: stack.config.databaseUrl });
  await pg.connect();
  const profiles = [];
  try {
    const people = [];
    for (let i = 0; i < CONNECTIONS; i++) people.push({ ...(await signUp(stack.gatewayUrl, `journal-writes-${i}`)), meals: [], foods: [], writes: 0 });
    const foods = [];
    for (const q of PANTRY) {
      const found = await (await fetch(`${stack.gatewayUrl}${httpContract.foods.search.path}?q=${q}`, { headers: { Cookie: people[0].cookie, Accept: 'application/json' } })).json();
      const food = found.find((candidate) => !candidate.isPrivate);
      if (!food) throw new Error(`The search for ${q} found no catalogue food`);
      foods.push(food);
    }
    for (const person of people) person.foods = foods;
    // A first write of each kind, so that every consumer's checkpoint row exists before the lag is read.
    const agent = new Agent({ keepAlive: true });
    for (const kind of KINDS) {
      const res = await kind.write(agent, stack.gatewayUrl, people[0], people[0].writes++);
      if (res.status !== 201) throw new Error(`${kind.name} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    agent.destroy();
    await catchUp(pg, await followers(pg));
    const list = await followers(pg);
    console.log(`${CONNECTIONS} people, one connection each; ${ROUNDS} × ${SECONDS} s per kind after ${WARM_UP_SECONDS} s warm-up; followers of the journal's events: ${list.map(({ name }) => name).join(', ')}`);

    const pids = Object.keys(stack.pids).length > 0 && existsSync('/proc/self/stat') ? stack.pids : {};
    const toggleProfilers = () => PROFILED.forEach((name) => process.kill(stack.pids[name], 'SIGWINCH'));
    const results = [];
    for (const [k, kind] of KINDS.entries()) {
      await closedLoop(kind, stack.gatewayUrl, people, WARM_UP_SECONDS);
      await catchUp(pg, list);
      const runs = [];
      const cpu = {};
      const lags = [];
      const caughtUp = [];
      for (let round = 0; round < ROUNDS; round++) {
        const profiled = profiling && round === 0;
        if (profiled) toggleProfilers();
        const monitor = lagMonitor(pg, list);
        runs.push(await measuringPostgresCpu(pg, cpu, () => measuringCpu(pids, cpu, () => closedLoop(kind, stack.gatewayUrl, people, SECONDS))));
        await monitor.stop();
        lags.push(monitor.figures);
        // The followers' catch-up is part of each write's cost: CPU is counted until they are done.
        caughtUp.push(await measuringPostgresCpu(pg, cpu, () => measuringCpu(pids, cpu, () => catchUp(pg, list))));
        if (profiled) {
          toggleProfilers();
          await new Promise((resolve) => setTimeout(resolve, 1000));
          for (const name of PROFILED) {
            const file = join(PROFILE_DIR, `${name}-${stack.pids[name]}.cpuprofile`);
            const named = `${name}-${stack.pids[name]}-writes-${k}.cpuprofile`;
            if (existsSync(file)) {
              renameSync(file, join(PROFILE_DIR, named));
              profiles.push({ kind: kind.name, file: named });
            }
          }
        }
      }
      results.push({ kind, runs, cpu, lags, caughtUp });
      console.log(`${kind.name}: ${runs.map((run) => (run.latencies.length / run.elapsed).toFixed(0)).join(', ')} writes/s by round`);
    }

    console.log(`\n${CONNECTIONS} connections, each writing again the moment its last write answered`);
    const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;
    for (const { kind, runs, cpu, lags, caughtUp } of results) {
      const { latencies, failures, rate } = summary(runs);
      console.log(
        `\n${kind.name.padEnd(38)} ${rate.toFixed(1).padStart(6)} writes/s  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}  (${latencies.length} writes${failures.length ? `, ${failures.length} failed` : ''})  target >= ${TARGET_WRITES_PER_SECOND}/s: ${rate >= TARGET_WRITES_PER_SECOND ? 'met' : 'missed'}`,
      );
      for (const failure of failures.slice(0, 3)) console.log(`  failed: ${failure.status} ${JSON.stringify(failure.body).slice(0, 200)}`);
      const parts = Object.entries(cpu)
        .sort(([, a], [, b]) => b - a)
        .map(([name, total]) => `${name} ${(total / latencies.length).toFixed(2)}`);
      const sum = Object.values(cpu).reduce((a, b) => a + b, 0) / latencies.length;
      if (parts.length > 0) console.log(`  CPU ms per write: ${sum.toFixed(2)} = ${parts.join(', ')}`);
      for (const [i, { name }] of list.entries()) {
        const maxSeconds = Math.max(...lags.map((round) => round[i].maxSeconds));
        const maxBehind = Math.max(...lags.map((round) => round[i].maxBehind));
        const atEnd = lags.map((round) => `${round[i].last.behind} ev/${round[i].last.seconds.toFixed(2)} s`).join(', ');
        const took = caughtUp.map((round) => (round[i] === null ? 'not in 60 s' : `${round[i].toFixed(2)} s`)).join(', ');
        console.log(
          `  lag ${name.padEnd(34)} max ${String(maxBehind).padStart(5)} events / ${maxSeconds.toFixed(2).padStart(6)} s   at the load's end ${atEnd}   caught up after ${took}   target <= ${TARGET_LAG_SECONDS} s: ${maxSeconds <= TARGET_LAG_SECONDS ? 'met' : 'missed'}`,
        );
      }
    }
  } finally {
    await pg.end();
    await stack.stop();
  }
  if (profiling) {
    for (const { kind, file } of profiles) {
      console.log(`\nprofile ${join(PROFILE_DIR, file)} (${kind})`);
      for (const text of summarizeProfile(join(PROFILE_DIR, file))) console.log(text);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
