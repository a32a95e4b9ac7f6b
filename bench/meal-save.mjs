// Saving a meal of five foods through the gateway, as the meal builder does, at BENCH_PEOPLE (default 10) people saving
// at once (issue 18): the one-request path (`POST /api/meals` with `foods`: one NATS request, one append of six events,
// one read back) beside the old path (`POST /api/meals`, then five `POST /api/meals/:id/foods`, one after the other).
//
// 1. Starts the whole stack (every service: insights and notifications consume each save's events, as they do in use),
//    registers the people, and takes five catalogue foods from the search.
// 2. Each person saves meals in a closed loop (the next save once the previous one answered), BENCH_SECONDS (default 8)
//    per path after a 2 s warm-up, the two paths alternating for BENCH_ROUNDS (default 3) rounds. Every create carries an
//    Idempotency-Key, as the app sends one per action. A save counts from its first request to its last answer.
// 3. Then a steady phase: each person saves a meal every BENCH_INTERVAL_MS (default 1000) ms whether or not the last
//    one answered (an open loop, as people arrive), for as long as the rounds took, each path in turn.
// 4. Prints, per path and phase: meals saved per second, requests per second, and the save's p50/p95/p99, with the target
//    beside the one-request path (p95 ≤ 150 ms). Any answer but a 201 is counted and printed; nothing is asserted. With a
//    started stack, also the CPU time each process spent per meal saved (from /proc; PostgreSQL's, NATS's and Redis's
//    own time is not in it), which says where a save's cost goes whatever else the machine is running.
// Absolute figures depend on the machine and what else runs on it; the two paths' figures within one run compare.
//
// Needs the built apps (`npm run build`) and PostgreSQL, NATS (JetStream) and Redis as for the tests.
//   node bench/meal-save.mjs             starts the stack with bench/lib/stack.mjs on a database and prefix of its own,
//                                        and removes them at the end
//   BENCH_GATEWAY_URL=http://localhost:3000 node bench/meal-save.mjs
//                                        uses a running stack instead; the bench people and their meals stay there
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { measuringCpu, percentile, send } from './lib/load.mjs';
import { httpContract, pathTo, signUp, startStack } from './lib/stack.mjs';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
const FOODS_PER_MEAL = 5;
const TARGET_P95_MS = 150;
/** The steady phase: how often each person saves a meal (a person saves a few a day; this is far above any peak). */
const OPEN_INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 1000);
/** Searches whose first catalogue hit makes an ordinary plate of five foods. */
const PLATE = ['chicken', 'rice', 'carrot', 'spinach', 'egg'];

/** One JSON request over a keep-alive agent; resolves with the status and the parsed body. */
/** The meal the builder saves: now, five foods at their serving. */
const plateOf = (n) => ({ mealType: 'lunch', name: `Bench plate ${n}`, timestamp: new Date().toISOString() });
const entriesOf = (foods) => foods.map((food) => ({ foodId: food.id, quantity: 1, servingUnit: 'serving' }));

/** Each way of saving a meal: how many requests it makes, and the save itself, resolving with the failed answers. */
const PATHS = [
  {
    name: 'one request: POST /api/meals with foods',
    requests: 1,
    async save(agent, base, cookie, foods, n) {
      const res = await send(agent, base + httpContract.meals.create.path, { method: 'POST', cookie, body: { ...plateOf(n), foods: entriesOf(foods) }, idempotencyKey: randomUUID() });
      return res.status === 201 && res.body.foods.length === FOODS_PER_MEAL ? [] : [res];
    },
  },
  {
    name: 'old: POST /api/meals + 5 × POST foods',
    requests: 1 + FOODS_PER_MEAL,
    async save(agent, base, cookie, foods, n) {
      const created = await send(agent, base + httpContract.meals.create.path, { method: 'POST', cookie, body: plateOf(n), idempotencyKey: randomUUID() });
      if (created.status !== 201) return [created];
      for (const entry of entriesOf(foods)) {
        const added = await send(agent, base + pathTo(httpContract.meals.addFood, { id: created.body.id }), { method: 'POST', cookie, body: entry, idempotencyKey: randomUUID() });
        if (added.status !== 201) return [added];
      }
      return [];
    },
  },
];

/** Every person saving in a closed loop for `seconds`: each save's latency in ms, the failures and the time taken. */
async function closedLoop(path, base, people, foods, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: people.length });
  const latencies = [];
  const failures = [];
  let n = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    people.map(async ({ cookie }) => {
      while (performance.now() < end) {
        const sent = performance.now();
        const failed = await path.save(agent, base, cookie, foods, ++n).catch((error) => [{ status: 0, body: { message: error.message } }]);
        latencies.push(performance.now() - sent);
        failures.push(...failed);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, failures, elapsed };
}

/**
 * Every person saving one meal every `intervalMs` for `seconds` (an open loop: a save is sent on time whether or not
 * the previous one answered), each person's first save at a random moment of the first interval.
 */
async function openLoop(path, base, people, foods, seconds, intervalMs) {
  const agent = new Agent({ keepAlive: true });
  const latencies = [];
  const failures = [];
  let n = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const saves = [];
  await Promise.all(
    people.map(async ({ cookie }) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * intervalMs));
      while (performance.now() < end) {
        const sent = performance.now();
        saves.push(
          path
            .save(agent, base, cookie, foods, ++n)
            .catch((error) => [{ status: 0, body: { message: error.message } }])
            .then((failed) => {
              latencies.push(performance.now() - sent);
              failures.push(...failed);
            }),
        );
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, sent + intervalMs - performance.now())));
      }
    }),
  );
  await Promise.all(saves);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { latencies, failures, elapsed };
}

/** CPU ms per meal saved, by process, largest first. */
function cpuLine(totals, meals) {
  const parts = Object.entries(totals)
    .sort(([, a], [, b]) => b - a)
    .map(([name, ms]) => `${name} ${(ms / meals).toFixed(1)}`);
  console.log(`${''.padEnd(42)} CPU ms per meal: ${parts.join(', ')}`);
}

function line(path, runs) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const elapsed = runs.reduce((sum, run) => sum + run.elapsed, 0);
  const failures = runs.flatMap((run) => run.failures);
  const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;
  const saves = latencies.length / elapsed;
  const p95 = percentile(latencies, 95);
  const target = path.requests === 1 ? `  target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'missed'}` : '';
  console.log(
    `${path.name.padEnd(42)} ${saves.toFixed(1).padStart(6)} meals/s ${(saves * path.requests).toFixed(0).padStart(5)} req/s  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(p95)}  p99 ${ms(percentile(latencies, 99))}  (${latencies.length} meals${failures.length ? `, ${failures.length} failed` : ''})${target}`,
  );
  for (const failure of failures.slice(0, 3)) console.log(`  failed: ${failure.status} ${JSON.stringify(failure.body).slice(0, 200)}`);
}

async function main() {
  const runningUrl = process.env.BENCH_GATEWAY_URL;
  // Only BENCH_GATEWAY_URL names a running stack here ('' keeps the lib from falling back to GATEWAY_URL): the bench adds data.
  const stack = await startStack({ gatewayUrl: runningUrl ?? '' });
  try {
    const people = [];
    for (let i = 0; i < PEOPLE; i++) people.push(await signUp(stack.gatewayUrl, `meal-save-${i}`));
    const foods = [];
    for (const q of PLATE) {
      const found = await (await fetch(`${stack.gatewayUrl}${httpContract.foods.search.path}?q=${q}`, { headers: { Cookie: people[0].cookie, Accept: 'application/json' } })).json();
      const food = found.find((candidate) => !candidate.isPrivate);
      if (!food) throw new Error(`The search for ${q} found no catalogue food`);
      foods.push(food);
    }
    console.log(`${PEOPLE} people saving a meal of ${foods.map((food) => food.name).join(', ')}; ${SECONDS} s per path per round, ${ROUNDS} rounds`);

    for (const path of PATHS) await closedLoop(path, stack.gatewayUrl, people, foods, WARM_UP_SECONDS);
    const runs = new Map(PATHS.map((path) => [path, []]));
    const cpu = new Map(PATHS.map((path) => [path, {}]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const path of PATHS) runs.get(path).push(await measuringCpu(stack.pids, cpu.get(path), () => closedLoop(path, stack.gatewayUrl, people, foods, SECONDS)));
      console.log(`round ${round}/${ROUNDS} done`);
    }
    console.log('');
    console.log(`\nsaturated: each person saves again the moment the last save answered (${PEOPLE} saves always in flight)`);
    for (const path of PATHS) {
      line(path, runs.get(path));
      if (Object.keys(stack.pids).length > 0) cpuLine(cpu.get(path), runs.get(path).reduce((sum, run) => sum + run.latencies.length, 0));
    }
    console.log(`\nsteady: each person saves a meal every ${OPEN_INTERVAL_MS} ms, on time whatever the answers (${((PEOPLE * 1000) / OPEN_INTERVAL_MS).toFixed(0)} saves/s in all)`);
    for (const path of PATHS) line(path, [await openLoop(path, stack.gatewayUrl, people, foods, SECONDS * ROUNDS, OPEN_INTERVAL_MS)]);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
