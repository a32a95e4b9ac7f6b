// A seeded population of people for the load benches (bench/soak.mjs): each registered through the gateway in a zone of
// their own, their address confirmed (daily summaries go to confirmed addresses only), with a little history logged
// through the API, and the catalogue foods they eat. Seeding is quick (about half a minute for 200 people): CI runs it.
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { send } from './load.mjs';
import { clearMail, confirmEmails, httpContract, require, root, signUp } from './stack.mjs';

const { MEAL_TYPES, SEVERITIES, SYMPTOM_TYPES } = require(join(root, 'libs/contracts/dist/index.js'));

export { MEAL_TYPES, SEVERITIES, SYMPTOM_TYPES };

/** Zones around the world (whole, half and quarter hours), so that some people's 08:00 daily summary comes in any hour. */
export const ZONES = [
  'Pacific/Honolulu', 'America/Los_Angeles', 'America/Denver', 'America/Chicago', 'America/New_York', 'America/St_Johns',
  'America/Sao_Paulo', 'Atlantic/Azores', 'Europe/London', 'Europe/Berlin', 'Europe/Athens', 'Asia/Tehran', 'Asia/Dubai',
  'Asia/Kolkata', 'Asia/Kathmandu', 'Asia/Bangkok', 'Asia/Shanghai', 'Asia/Tokyo', 'Australia/Adelaide', 'Australia/Sydney',
  'Pacific/Auckland',
];

/** Searches whose first catalogue hit is an everyday food: what the people's meals are made of. */
const PANTRY = ['chicken', 'rice', 'carrot', 'spinach', 'egg', 'oats', 'banana', 'potato', 'salmon', 'tomato', 'bread', 'milk'];

const HOUR_MS = 3_600_000;

/** Runs `work` over `items`, `concurrency` at a time; resolves with the results in order. */
export async function inParallel(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

/** `n` distinct random foods of `foods`, each one serving, as a meal's `foods`. */
export function plateOf(foods, n, random) {
  const shuffled = [...foods].sort(() => random() - 0.5);
  return shuffled.slice(0, n).map((food) => ({ foodId: food.id, quantity: 1, servingUnit: 'serving' }));
}

export const pick = (items, random) => items[Math.floor(random() * items.length)];

/** A meal with 2 to 4 foods at `at`, in one request (issue 18); resolves with the answer. */
export function logMeal(agent, gatewayUrl, person, foods, random, at) {
  const mealType = pick(MEAL_TYPES, random);
  return send(agent, gatewayUrl + httpContract.meals.create.path, {
    method: 'POST',
    cookie: person.cookie,
    idempotencyKey: randomUUID(),
    body: { mealType, name: `Soak ${mealType}`, timestamp: at.toISOString(), foods: plateOf(foods, 2 + Math.floor(random() * 3), random) },
  });
}

/** A symptom at `at`, linked to `mealId` when given; resolves with the answer. */
export function logSymptom(agent, gatewayUrl, person, random, at, mealId) {
  const body = { symptomType: pick(SYMPTOM_TYPES, random), severity: pick(SEVERITIES.slice(1), random), timestamp: at.toISOString() };
  if (mealId) body.mealId = mealId;
  return send(agent, gatewayUrl + httpContract.symptoms.log.path, { method: 'POST', cookie: person.cookie, idempotencyKey: randomUUID(), body });
}

/**
 * Registers `count` people (zones of ZONES in turn), confirms their addresses, finds the catalogue foods of PANTRY, and
 * logs each person's history: two meals (a symptom after one of them) on each of `historyDays` days from two days ago
 * back, and a meal now. Yesterday is left empty: a daily summary is of yesterday, so none is due until the person logs
 * something there (bench/soak.mjs's late entries do, during the run). Resolves with the people ({ cookie, user, email,
 * zone, mealIds, currentMealId: the meal logged now, currentMealDay: 0, entriesByDay: meals and symptoms logged per day back from today }), the foods, how long each step took
 * ({ step, seconds }) and the writes that failed and were tried again.
 */
export async function seedPopulation({ gatewayUrl, mailUrl, count, random, label = 'soak', historyDays = 3, concurrency = 8 }) {
  const timings = [];
  let stepStarted = performance.now();
  const step = (name) => {
    timings.push({ step: name, seconds: (performance.now() - stepStarted) / 1000 });
    stepStarted = performance.now();
  };
  // Registration hashes a password (argon2): two at a time keep the machine's two cores busy without queueing.
  const people = await inParallel(Array.from({ length: count }, (_, i) => i), 2, async (i) => {
    const zone = ZONES[i % ZONES.length];
    const { cookie, user } = await signUp(gatewayUrl, `${label}-${i}`, zone);
    return { cookie, user, email: user.email, zone, mealIds: [], entriesByDay: new Map() };
  });
  if (mailUrl) {
    await confirmEmails(gatewayUrl, mailUrl, people.map((person) => person.email));
    // The run's emails start from none.
    await clearMail(mailUrl);
  }
  step(mailUrl ? 'registering and confirming' : 'registering');
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const foods = [];
  for (const q of PANTRY) {
    const found = await send(agent, `${gatewayUrl}${httpContract.foods.search.path}?q=${q}`, { cookie: people[0].cookie });
    const food = found.status === 200 ? found.body.find((candidate) => !candidate.isPrivate && !foods.some((known) => known.id === candidate.id)) : null;
    if (food) foods.push(food);
  }
  if (foods.length < 5) throw new Error(`The catalogue search found only ${foods.length} of the pantry's foods`);
  const now = Date.now();
  const entries = people.flatMap((person) => [
    ...Array.from({ length: historyDays }, (_, d) => ({ person, day: d + 2 })),
    { person, day: 0 },
  ]);
  // A failed write is tried again (at most three times) and kept in `failures`: the soak reports it, it does not stop.
  const failures = [];
  const written = async (what, write, status) => {
    for (let attempt = 1; ; attempt++) {
      const res = await write();
      if (res.status === status) return res;
      failures.push(`${what}: ${res.status} ${res.body?.message ?? ''}`);
      if (attempt === 3) throw new Error(`Seeding ${what} failed three times: ${failures.slice(-3).join(' | ')}`);
    }
  };
  await inParallel(entries, concurrency, async ({ person, day }) => {
    // 48 hours ago and more is two local days back at least, wherever the person is; day 0 is now.
    const first = day === 0 ? now : now - day * 24 * HOUR_MS - random() * 2 * HOUR_MS;
    const meals = day === 0 ? [first] : [first, first - 5 * HOUR_MS];
    person.entriesByDay.set(day, meals.length + (day > 0 ? 1 : 0));
    for (const at of meals) {
      const meal = await written('a meal', () => logMeal(agent, gatewayUrl, person, foods, random, new Date(at)), 201);
      person.mealIds.push(meal.body.id);
      if (day === 0) {
        person.currentMealId = meal.body.id;
        person.currentMealDay = 0;
      }
    }
    if (day > 0) await written('a symptom', () => logSymptom(agent, gatewayUrl, person, random, new Date(first + 3 * HOUR_MS), person.mealIds.at(-1)), 201);
  });
  agent.destroy();
  step('logging their history');
  return { people, foods, timings, failures };
}
