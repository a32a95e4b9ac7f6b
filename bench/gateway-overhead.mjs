// What the gateway → NATS → identity path costs for `GET /api/auth/user`, against a one-process baseline doing the same
// work (bench/lib/baseline-server.mjs: the session from Redis, one users row by primary key with pg, JSON out, on a plain
// node http server, reading the very session the gateway wrote).
//
// Prints, in one run:
//   closed loop  20 connections (BENCH_CONNECTIONS) as fast as each answers, BENCH_SECONDS (default 4) per target,
//                gateway and baseline alternating for BENCH_ROUNDS (default 5) rounds: req/s, p50, p99, and the ratio
//                gateway/baseline of req/s (target >= 0.5), overall and as the median of the rounds' ratios (short
//                alternating rounds, so that load from other processes on the machine falls on both alike);
//   fixed rate   200 req/s (BENCH_RATE) through the gateway for 10 s (BENCH_RATE_SECONDS): p50/p99 measured from when each request
//                was due, so a stall counts for every request queued behind it (target p99 <= 25 ms); the same for the
//                baseline, whose p99 shows what the machine itself adds.
//   CPU per request  the processor time the gateway and identity, and the baseline, spent per request answered in the
//                closed loop (from /proc; started stacks only): unlike req/s, hardly moved by other load on the machine.
// Absolute figures depend on the machine and what else runs on it; the ratios within one run are the comparable figures.
//
// Needs the built apps (`npm run build`) and PostgreSQL, NATS (JetStream) and Redis as for the tests.
//   node bench/gateway-overhead.mjs     starts identity and the gateway on a database and prefix of their own
//   GATEWAY_URL=http://localhost:3000 node bench/gateway-overhead.mjs
//       uses a running stack; DATABASE_URL, NATS_PREFIX and SESSION_SECRET must be the stack's for the baseline.
//   BENCH_PROFILE_DIR=/tmp/prof node bench/gateway-overhead.mjs
//       also CPU-profiles the gateway and identity during the gateway's closed-loop phases and prints where the time goes.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { closedLoop as closedLoopOf, get, measuringCpu, median, startBaseline, summarize } from './lib/load.mjs';
import { httpContract, root, signUp, startStack } from './lib/stack.mjs';
import { summarizeProfile } from './lib/profile-summary.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const closedLoop = (url, cookie, seconds) => closedLoopOf(url, cookie, seconds, CONNECTIONS);

/** Requests sent on a fixed schedule whatever the answers do; latency counts from when each was due. */
async function fixedRate(url, cookie, rate, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = rate * seconds;
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      get(agent, url, cookie)
        .catch(() => 0)
        .then((status) => {
          latencies.push(performance.now() - due);
          if (status !== 200) errors++;
        }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, errors, elapsed: (performance.now() - started) / 1000 };
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
    services: ['identity'],
    nodeArgs: profiling ? { gateway: preload, identity: preload } : {},
    env: profiling ? { BENCH_PROFILE_DIR: PROFILE_DIR } : {},
  });
  let baseline;
  try {
    baseline = await startBaseline(stack.config);
    const person = await signUp(stack.gatewayUrl, 'overhead');
    const gatewayUrl = stack.gatewayUrl + httpContract.account.user.path;
    for (const url of [gatewayUrl, baseline.url]) {
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
    console.log(`ratio gateway/baseline  ${(gateway.rps / direct.rps).toFixed(2)} overall, ${medianRatio.toFixed(2)} median of rounds   (target >= 0.5)`);
    if (canMeasureCpu) {
      const per = (ms, figures) => (ms * 1000) / figures.requests;
      const viaGateway = per(cpu.gateway + cpu.identity, gateway);
      console.log(
        `CPU per request         gateway ${per(cpu.gateway, gateway).toFixed(0)} µs + identity ${per(cpu.identity, gateway).toFixed(0)} µs = ${viaGateway.toFixed(0)} µs; baseline ${per(cpu.baseline, direct).toFixed(0)} µs; ratio baseline/gateway ${(per(cpu.baseline, direct) / viaGateway).toFixed(2)}${profiling ? ' (profiler on in round 1)' : ''}`,
      );
    }
    const steady = summarize([await fixedRate(gatewayUrl, person.cookie, RATE, RATE_SECONDS)]);
    const steadyBaseline = summarize([await fixedRate(baseline.url, person.cookie, RATE, RATE_SECONDS)]);
    console.log(line(`gateway at ${RATE} req/s`, steady));
    console.log(line(`baseline at ${RATE} req/s`, steadyBaseline));
    console.log(`p99 at ${RATE} req/s through the gateway ${steady.p99.toFixed(1)} ms   (target <= 25 ms; the baseline's ${steadyBaseline.p99.toFixed(1)} ms is this machine's floor)`);
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
