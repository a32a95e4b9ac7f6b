// Food search latency: the catalogue plus 10,000 private foods of other users, 1,000 realistic queries.
//
// Prints p50/p95/p99 three ways, and asserts nothing:
//   handler  time inside the foods service's search (FoodsService.search: the private-food read from PostgreSQL and
//            the in-memory catalogue index), measured in this process on the built service code;
//   nats     the request/reply the gateway makes (handler + NATS + serialisation);
//   gateway  GET /api/foods/search?q= over HTTP with a signed-in session (everything the browser waits for).
//
// Needs the built apps (`npx nx run-many -t build`) and PostgreSQL, NATS (JetStream) and Redis on their usual ports or at
// DATABASE_URL, NATS_URL and REDIS_URL; a missing one is named with the line that starts it.
//   node bench/foods-search.mjs
//       starts identity, foods and the gateway with bench/lib/stack.mjs on a database `fodmap_bench_<random>` and a NATS
//       prefix of its own, and removes both at the end.
//   BENCH_GATEWAY_URL=http://localhost:3000 node bench/foods-search.mjs
//       uses a running stack instead (DATABASE_URL and NATS_PREFIX must be the stack's); the private foods it inserts
//       belong to user ids from 900,000,000 up and are deleted at the end.
// BENCH_QUERIES (default 1000) and BENCH_PRIVATE_FOODS (default 10000) change the sizes.
import { join } from 'node:path';
import { httpContract, require, root, seededRandom, signUp, startStack } from './lib/stack.mjs';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 1000);
const PRIVATE_FOODS = Number(process.env.BENCH_PRIVATE_FOODS ?? 10_000);
const OTHER_USERS = 500;
const FIRST_OTHER_USER = 900_000_000;
const WARM_UP = 100;

const useRunningStack = Boolean(process.env.BENCH_GATEWAY_URL);
const { Client } = require('pg');

const rand = seededRandom(20251122);
const pick = (list) => list[Math.floor(rand() * list.length)];

async function insertOtherUsersFoods(db, names) {
  const batch = 1000;
  for (let start = 0; start < PRIVATE_FOODS; start += batch) {
    const values = [];
    const rows = [];
    for (let i = start; i < Math.min(start + batch, PRIVATE_FOODS); i++) {
      const owner = FIRST_OTHER_USER + (i % OTHER_USERS);
      const name = `${pick(['Mum’s', 'Homemade', 'Leftover', 'Quick', 'Sunday'])} ${pick(names).toLowerCase()} ${i}`;
      values.push(owner, name, pick(['low', 'medium', 'high']));
      rows.push(`($${values.length - 2}, $${values.length - 1}, 'other', $${values.length})`);
    }
    await db.query(`INSERT INTO foods.foods (owner_user_id, name, food_type, fodmap_rating) VALUES ${rows.join(', ')}`, values);
  }
  await db.query('ANALYZE foods.foods');
}

const SYNONYM_QUERIES = ['scallion', 'spring onion', 'courgette', 'zucchini', 'aubergine', 'eggplant', 'capsicum', 'bell pepper', 'coriander', 'cilantro', 'rocket', 'arugula', 'garbanzo', 'prawn', 'shrimp', 'yoghurt', 'beetroot', 'swede'];
const TYPO_WORDS = ['galic', 'bananna', 'brocoli', 'tomatoe', 'avacado', 'zuchini', 'stawberry', 'cucmber', 'lettuse', 'pinapple', 'aspargus', 'yoghrt', 'chese', 'tumeric', 'cinamon'];

/** One edit a person makes by mistake: a letter dropped, doubled, swapped with its neighbour or replaced. */
function typo(word) {
  const at = 1 + Math.floor(rand() * (word.length - 2));
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
    default:
      return word.slice(0, at) + pick([...'aeiourstln']) + word.slice(at + 1);
  }
}

/** Full words, prefixes while typing, typos, English variants and multi-word queries, mixed as people type them. */
function realisticQueries(names, count) {
  const words = names.flatMap((name) => name.toLowerCase().split(/[^a-z]+/)).filter((word) => word.length >= 3);
  const queries = [];
  while (queries.length < count) {
    const kind = rand();
    const name = pick(names).toLowerCase();
    const nameWords = name.split(/[^a-z]+/).filter(Boolean);
    if (kind < 0.25) queries.push(pick(words));
    else if (kind < 0.55) queries.push(name.slice(0, 2 + Math.floor(rand() * Math.max(1, Math.min(10, name.length - 2)))).trim());
    else if (kind < 0.75) queries.push(rand() < 0.3 ? pick(TYPO_WORDS) : typo(pick(words.filter((word) => word.length >= 5))));
    else if (kind < 0.85) queries.push(pick(SYNONYM_QUERIES));
    else queries.push(nameWords.length >= 2 ? nameWords.slice(0, 2 + Math.floor(rand() * (nameWords.length - 1))).join(' ') : `${pick(words)} ${pick(words).slice(0, 3)}`);
  }
  return queries.map((query) => (query.length < 2 ? `${query}a` : query));
}

async function time(queries, once) {
  for (const query of queries.slice(0, WARM_UP)) await once(query);
  const samples = [];
  for (const query of queries) {
    const start = process.hrtime.bigint();
    await once(query);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

function report(label, samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  const ms = (value) => `${value.toFixed(2).padStart(7)} ms`;
  console.log(`${label.padEnd(9)} n=${sorted.length}  p50 ${ms(at(50))}  p95 ${ms(at(95))}  p99 ${ms(at(99))}  mean ${ms(mean)}  max ${ms(sorted[sorted.length - 1])}`);
}

// Only BENCH_GATEWAY_URL names a running stack here ('' keeps the lib from falling back to GATEWAY_URL): the bench adds data.
const stack = await startStack({ services: ['identity', 'foods'], gatewayUrl: process.env.BENCH_GATEWAY_URL ?? '' });
const { config } = stack;
// Before any service module loads: subjects and data sources read the environment when they load.
process.env.DATABASE_URL = config.databaseUrl;
process.env.NATS_PREFIX = config.natsPrefix;
require('reflect-metadata');
const db = new Client({ connectionString: config.databaseUrl });
let context;
let rpc;
try {
  await db.connect();
  const catalogueNames = (await db.query(`SELECT name FROM foods.foods WHERE key IS NOT NULL AND NOT retired`)).rows.map((row) => row.name);
  if (catalogueNames.length === 0) throw new Error('The foods table holds no catalogue: is apps/foods/data/catalogue.json there?');
  await insertOtherUsersFoods(db, catalogueNames);
  const person = await signUp(stack.gatewayUrl, 'bench');
  for (const name of ['Grandma’s lentil soup', 'Overnight oats with berries', 'Garlic-free pesto']) {
    const res = await fetch(stack.gatewayUrl + httpContract.foods.quickAdd.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: person.cookie, Origin: stack.gatewayUrl },
      body: JSON.stringify({ name, fodmapRating: 'low' }),
    });
    if (!res.ok) throw new Error(`Adding the bench user's food '${name}' failed: ${res.status} ${await res.text()}`);
  }
  const queries = realisticQueries(catalogueNames, QUERIES);
  const privateCount = (await db.query('SELECT count(*)::int AS n FROM foods.foods WHERE owner_user_id IS NOT NULL')).rows[0].n;
  console.log(`catalogue ${catalogueNames.length} foods, private foods ${privateCount}, ${queries.length} queries (+${WARM_UP} warm-up), e.g. ${queries.slice(0, 8).map((q) => `'${q}'`).join(', ')}`);

  const { NestFactory } = require('@nestjs/core');
  const { AppModule } = require(join(root, 'apps/foods/dist/app.module.js'));
  const { FoodsService } = require(join(root, 'apps/foods/dist/foods/foods.service.js'));
  context = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  const foods = context.get(FoodsService);
  const caller = { userId: person.user.id, timeZone: 'UTC' };
  report('handler', await time(queries, (q) => foods.search(caller.userId, q)));

  const { ClientProxyFactory, Transport } = require('@nestjs/microservices');
  const { firstValueFrom } = require('rxjs');
  const { rpcRecord } = require(join(root, 'libs/server/dist/index.js'));
  rpc = ClientProxyFactory.create({ transport: Transport.NATS, options: { ...config.nats } });
  await rpc.connect();
  // Signed as the gateway signs it (the signature is part of what a request costs).
  const subject = `${config.natsPrefix}.foods.food.search`;
  report('nats', await time(queries, (q) => firstValueFrom(rpc.send(subject, rpcRecord(subject, { caller, input: { q } }, config.callerSecret)))));

  report(
    'gateway',
    await time(queries, async (q) => {
      const res = await fetch(`${stack.gatewayUrl}${httpContract.foods.search.path}?q=${encodeURIComponent(q)}`, { headers: { Cookie: person.cookie, Accept: 'application/json' } });
      if (res.status !== 200) throw new Error(`search '${q}' answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }),
  );
} finally {
  await rpc?.close();
  await context?.close();
  if (useRunningStack) await db.query('DELETE FROM foods.foods WHERE owner_user_id >= $1', [FIRST_OTHER_USER]).catch(() => {});
  await db.end().catch(() => {});
  await stack.stop();
}
