// What the gateway → NATS → identity path costs for `GET /api/auth/user`, against a one-process baseline doing the same
// work (bench/lib/baseline-server.mjs: the session from Redis, one users row by primary key with pg, JSON out, on a plain
// node http server, reading the very session the gateway wrote).
//
// Prints, in one run:
//   closed loop  20 connections (BENCH_CONNECTIONS) as fast as each answers, BENCH_SECONDS (default 4) per target,
//                gateway and baseline alternating for BENCH_ROUNDS (default 5) rounds: req/s, p50, p99, and the ratio
//                gateway/baseline of req/s (target >= 0.6), overall and as the median of the rounds' ratios (short
//                alternating rounds, so that load from other processes on the machine falls on both alike);
//   fixed rate   200 req/s (BENCH_RATE) through the gateway for 10 s (BENCH_RATE_SECONDS) of the home screen's mix as one
//                person with a little history (MIX_MEALS meals with their foods and MIX_SYMPTOMS symptoms, a few of them
//                today's, seeded through the API): the account, the dashboard's stats, today's meals and a food search
//                in turn. p50/p99 per route and overall, measured from when each request was due, so a stall counts for
//                every request queued behind it (target p99 <= 20 ms); the baseline's `GET /api/auth/user` at the same
//                rate, whose p99 shows what the machine itself adds.
//   CPU per request  the processor time the gateway and identity, and the baseline, spent per request answered in the
//                closed loop (from /proc; started stacks only): unlike req/s, hardly moved by other load on the machine.
// Absolute figures depend on the machine and what else runs on it; the ratios within one run are the comparable figures.
//
// Needs the built apps (`npm run build`) and PostgreSQL, NATS (JetStream) and Redis as for the tests.
//   node bench/gateway-overhead.mjs     starts identity, journal, foods and the gateway on a database and prefix of their own
//   GATEWAY_URL=http://localhost:3000 node bench/gateway-overhead.mjs
//       uses a running stack (the bench person and their few meals stay there); DATABASE_URL, NATS_PREFIX and
//       SESSION_SECRET must be the stack's for the baseline.
//   BENCH_PROFILE_DIR=/tmp/prof node bench/gateway-overhead.mjs
//       also CPU-profiles the gateway and identity during the gateway's closed-loop phases and prints where the time goes.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { apiClient, closedLoop as closedLoopOf, get, measuringCpu, median, startBaseline, summarize } from './lib/load.mjs';
import { httpContract, pathTo, require, root, signUp, startStack } from './lib/stack.mjs';
import { summarizeProfile } from './lib/profile-summary.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const MIX_MEALS = 6;
const MIX_TODAY_MEALS = 2;
const MIX_SYMPTOMS = 8;
const MIX_TODAY_SYMPTOMS = 3;
const closedLoop = (url, cookie, seconds) => closedLoopOf(url, cookie, seconds, CONNECTIONS);

const { localDay, localDayRange, MEAL_TYPES, SYMPTOM_TYPES, SEVERITIES } = require(join(root, 'libs/contracts/dist/index.js'));
const HOUR_MS = 3_600_000;
/** What a person searches for while logging a meal. */
const SEARCHES = ['rice', 'banana', 'chicken', 'oats', 'carrot', 'cheddar', 'spinach', 'egg'];

/**
 * The fixed-rate phase's requests in turn: the home screen's reads (the account, the dashboard's stats, today's meals)
 * and a food search, each searching the next word. Returns [route label, path] for the i-th request.
 */
function homeScreenMix(i) {
  const turn = i % 4;
  if (turn === 0) return ['account', httpContract.account.user.path];
  if (turn === 1) return ['dashboard stats', httpContract.dashboard.stats.path];
  if (turn === 2) return ["today's meals", `${httpContract.meals.list.path}?todayOnly=true`];
  return ['food search', `${httpContract.foods.search.path}?q=${SEARCHES[Math.floor(i / 4) % SEARCHES.length]}`];
}

/** A little history for the mix's reads, through the API: meals with two foods each and symptoms, a few of them today's. */
async function seedHistory(base, cookie, timeZone) {
  const call = apiClient(base, cookie);
  const foods = (await Promise.all(SEARCHES.slice(0, 4).map((q) => call('GET', `${httpContract.foods.search.path}?q=${q}`)))).flat();
  const todayStart = localDayRange(localDay(new Date(), timeZone), timeZone).start.getTime();
  // Today's happened since midnight (or at midnight itself just after it), the rest on the days before.
  const at = (i, today) => new Date(today ? todayStart + Math.floor((Math.max(0, Date.now() - 60_000 - todayStart) * (i + 1)) / 10) : todayStart - (i + 1) * 20 * HOUR_MS).toISOString();
  for (let i = 0; i < MIX_MEALS; i++) {
    const today = i < MIX_TODAY_MEALS;
    const { id } = await call('POST', httpContract.meals.create.path, { mealType: MEAL_TYPES[i % MEAL_TYPES.length], name: `Meal ${i + 1}`, timestamp: at(i, today) });
    for (const food of [foods[i % foods.length], foods[(i * 7 + 3) % foods.length]]) await call('POST', pathTo(httpContract.meals.addFood, { id }), { foodId: food.id, quantity: 1, servingUnit: 'serving' });
    if (!today) await call('PATCH', pathTo(httpContract.meals.complete, { id }));
  }
  for (let i = 0; i < MIX_SYMPTOMS; i++) {
    const today = i < MIX_TODAY_SYMPTOMS;
    await call('POST', httpContract.symptoms.log.path, { symptomType: SYMPTOM_TYPES[i % SYMPTOM_TYPES.length], severity: SEVERITIES[i % SEVERITIES.length], timestamp: at(i, today) });
  }
  const [stats, todays] = [await call('GET', httpContract.dashboard.stats.path), await call('GET', `${httpContract.meals.list.path}?todayOnly=true`)];
  if (stats.mealsLogged !== MIX_TODAY_MEALS || stats.symptomsCount !== MIX_TODAY_SYMPTOMS || todays.length !== MIX_TODAY_MEALS) {
    throw new Error(`Expected ${MIX_TODAY_MEALS} meals and ${MIX_TODAY_SYMPTOMS} symptoms today: the reads do not show the seeded day`);
  }
}

/**
 * Requests sent on a fixed schedule whatever the answers do; latency counts from when each was due. `target(i)` gives
 * the i-th request's [route label, URL]; the result holds every request's latency and, by label, each route's.
 */
async function fixedRate(target, cookie, rate, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = rate * seconds;
  const latencies = [];
  const byRoute = new Map();
  let errors = 0;
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const [label, url] = target(i);
    if (!byRoute.has(label)) byRoute.set(label, { latencies: [], errors: 0 });
    const route = byRoute.get(label);
    pending.push(
      get(agent, url, cookie)
        .catch(() => 0)
        .then((status) => {
          const latency = performance.now() - due;
          latencies.push(latency);
          route.latencies.push(latency);
          if (status !== 200) {
            errors++;
            route.errors++;
          }
        }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  return { latencies, errors, elapsed, routes: [...byRoute].map(([label, run]) => [label, { ...run, elapsed }]) };
}

function line(label, figures) {
  const ms = (value) => `${value.toFixed(2).padStart(7)} ms`;
  return `${label.padEnd(22)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(figures.p50)}  p99 ${ms(figures.p99)}  (${figures.requests} requests${figures.errors ? `, ${figures.errors} not 200` : ''})`;
}

async function main() {
  const profiling = Boolean(PROFILE_DIR) && !process.env.GATEWAY_URL;
  if (profiling) mkdirSync(PROFILE_DIR, { recursive: true });
  const preload = ['--require', join(root, 'bench/lib/cpu-profile.cjs')];
  const stack = await startStack({
    services: ['identity', 'journal', 'foods'],
    nodeArgs: profiling ? { gateway: preload, identity: preload } : {},
    env: profiling ? { BENCH_PROFILE_DIR: PROFILE_DIR } : {},
  });
  let baseline;
  try {
    baseline = await startBaseline(stack.config);
    const person = await signUp(stack.gatewayUrl, 'overhead');
    await seedHistory(stack.gatewayUrl, person.cookie, person.user.timeZone);
    const gatewayUrl = stack.gatewayUrl + httpContract.account.user.path;
    const mix = (i) => {
      const [label, path] = homeScreenMix(i);
      return [label, stack.gatewayUrl + path];
    };
    for (const url of [baseline.url, ...Array.from({ length: 4 }, (_, i) => mix(i)[1])]) {
      const status = await get(undefined, url, person.cookie);
      if (status !== 200) throw new Error(`${url} answered ${status} to the bench user`);
    }
    // The first SIGWINCH starts each process's profiler, the second writes its profile: the first round's gateway phase.
    const toggleProfilers = () => ['gateway', 'identity'].forEach((name) => process.kill(stack.pids[name], 'SIGWINCH'));
    console.log(`GET /api/auth/user, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per target after ${WARM_UP_SECONDS} s warm-up each`);
    await closedLoop(gatewayUrl, person.cookie, WARM_UP_SECONDS);
    await closedLoop(baseline.url, person.cookie, WARM_UP_SECONDS);
    const runs = { gateway: [], baseline: [] };
    const ratios = [];
    const cpu = {};
    const canMeasureCpu = existsSync('/proc/self/stat') && !process.env.GATEWAY_URL;
    const gatewayPids = canMeasureCpu ? { gateway: stack.pids.gateway, identity: stack.pids.identity } : {};
    const baselinePids = canMeasureCpu ? { baseline: baseline.child.pid } : {};
    for (let round = 0; round < ROUNDS; round++) {
      const profiled = profiling && round === 0;
      if (profiled) toggleProfilers();
      runs.gateway.push(await measuringCpu(gatewayPids, cpu, () => closedLoop(gatewayUrl, person.cookie, SECONDS)));
      if (profiled) toggleProfilers();
      runs.baseline.push(await measuringCpu(baselinePids, cpu, () => closedLoop(baseline.url, person.cookie, SECONDS)));
      const [viaGateway, direct] = [summarize([runs.gateway[round]]).rps, summarize([runs.baseline[round]]).rps];
      ratios.push(viaGateway / direct);
      console.log(`  round ${round + 1}: gateway ${viaGateway.toFixed(0)} req/s, baseline ${direct.toFixed(0)} req/s, ratio ${(viaGateway / direct).toFixed(2)}`);
    }
    const gateway = summarize(runs.gateway);
    const direct = summarize(runs.baseline);
    console.log(line('gateway → identity', gateway));
    console.log(line('one-process baseline', direct));
    const medianRatio = median(ratios);
    console.log(`ratio gateway/baseline  ${(gateway.rps / direct.rps).toFixed(2)} overall, ${medianRatio.toFixed(2)} median of rounds   (target >= 0.6)`);
    if (canMeasureCpu) {
      const per = (ms, figures) => (ms * 1000) / figures.requests;
      const viaGateway = per(cpu.gateway + cpu.identity, gateway);
      console.log(
        `CPU per request         gateway ${per(cpu.gateway, gateway).toFixed(0)} µs + identity ${per(cpu.identity, gateway).toFixed(0)} µs = ${viaGateway.toFixed(0)} µs; baseline ${per(cpu.baseline, direct).toFixed(0)} µs; ratio baseline/gateway ${(per(cpu.baseline, direct) / viaGateway).toFixed(2)}${profiling ? ' (profiler on in round 1)' : ''}`,
      );
    }
    const steadyRun = await fixedRate(mix, person.cookie, RATE, RATE_SECONDS);
    const steady = summarize([steadyRun]);
    const steadyBaseline = summarize([await fixedRate(() => ['account', baseline.url], person.cookie, RATE, RATE_SECONDS)]);
    console.log(`the home screen's mix at ${RATE} req/s for ${RATE_SECONDS} s, one person, each route in turn:`);
    for (const [label, run] of steadyRun.routes) console.log(line(`  ${label}`, summarize([run])));
    console.log(line(`gateway, all routes`, steady));
    console.log(line(`baseline at ${RATE} req/s`, steadyBaseline));
    console.log(`p99 at ${RATE} req/s through the gateway ${steady.p99.toFixed(1)} ms   (target <= 20 ms; the baseline's ${steadyBaseline.p99.toFixed(1)} ms is this machine's floor)`);
  } finally {
    baseline?.child.kill('SIGTERM');
    await stack.stop();
  }
  if (profiling) {
    const ours = Object.entries(stack.pids).map(([name, pid]) => `${name}-${pid}.cpuprofile`);
    for (const file of readdirSync(PROFILE_DIR).filter((name) => ours.includes(name)).sort()) {
      console.log(`\nprofile ${join(PROFILE_DIR, file)}`);
      for (const text of summarizeProfile(join(PROFILE_DIR, file))) console.log(text);
    }
  }
}

await main();
