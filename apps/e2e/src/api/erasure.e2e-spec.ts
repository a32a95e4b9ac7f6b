import { AccountMessages, ErasedAccount, httpContract, Rpc } from '@fodmap/contracts';
import { loadConfig, rpcRecord } from '@fodmap/server';
import { eventually } from '@fodmap/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import Redis from 'ioredis';
import { connect, NatsConnection } from 'nats';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { ApiSession, expectOk, okBody, registerUser, waitForEmail } from '../support/api';
import { provided } from '../support/provided';

/**
 * Issue 20 'Erasure': a person deletes their account, and nothing of them stays anywhere the product keeps data: no
 * table of any service (events, dead letters, read models, job queues), no JetStream message, no Redis key or value.
 * Each person's words carry a marker of their own, searched for with their address in all of it.
 */
const ROOT = resolve(__dirname, '../../../..');
const SCHEMAS = ['identity', 'journal', 'foods', 'insights', 'notifications', 'foods_jobs', 'notifications_jobs'];
const db = new Client({ connectionString: provided('databaseUrl') });
const prefix = provided('natsPrefix');
let redis: Redis;
let nats: NatsConnection;
let rpc: ClientProxy;

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const marker = (who: string) => `${who}marker${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** Every text, JSON or character column of every table of the services' schemas that holds one of `needles`. */
async function rowsHolding(needles: string[]): Promise<string[]> {
  const columns: Array<{ table_schema: string; table_name: string; column_name: string }> = (
    await db.query(
      `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = ANY($1) AND c.data_type IN ('text', 'jsonb', 'json', 'character varying')`,
      [SCHEMAS],
    )
  ).rows;
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" WHERE "${column_name}"::text ILIKE ANY($1)`, [needles.map((n) => `%${n}%`)]);
    if (rows[0].n > 0) found.push(`${table_schema}.${table_name}.${column_name}: ${rows[0].n}`);
  }
  return found;
}

/** Every message of the run's event stream (subject and body) that holds one of `needles`. */
async function messagesHolding(needles: string[]): Promise<string[]> {
  const jsm = await nats.jetstreamManager();
  const stream = `${prefix}_events`;
  const { state } = await jsm.streams.info(stream);
  const found: string[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (!message) continue;
    const text = `${message.subject} ${new TextDecoder().decode(message.data)}`.toLowerCase();
    if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(`${seq} ${message.subject}`);
  }
  return found;
}

/** Every Redis key of the run whose name or value holds one of `needles`, or whose name ends with the person's id. */
async function redisHolding(needles: string[], userId: number): Promise<string[]> {
  const found: string[] = [];
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  for (const key of keys) {
    const type = await redis.type(key);
    const value =
      type === 'string' ? await redis.get(key) : type === 'hash' ? JSON.stringify(await redis.hgetall(key)) : type === 'set' ? JSON.stringify(await redis.smembers(key)) : '';
    const text = `${key} ${value}`.toLowerCase();
    if (key.endsWith(`:${userId}`) || needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(key);
  }
  return found;
}

const table = async (sql: string, values: unknown[] = []) => (await db.query(sql, values)).rows;

describe('DELETE /api/account (issue 20: erasure)', () => {
  beforeAll(async () => {
    await db.connect();
    redis = new Redis(loadConfig().redisUrl);
    nats = await connect({ servers: loadConfig().natsUrl });
    rpc = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [loadConfig().natsUrl] } });
    await rpc.connect();
  });

  afterAll(async () => {
    await db.end();
    redis.disconnect();
    await nats.drain();
    await rpc.close();
  });

  it('erases the person from every table, the event stream and Redis, leaves another person whole, and a rebuild agrees', async () => {
    const [annMark, boMark] = [marker('ann'), marker('bo')];
    const ann = await registerUser('erase-ann', 'Ann');
    const bo = await registerUser('erase-bo', 'Bo');
    const otherDevice = new ApiSession();
    expectOk(await otherDevice.call(httpContract.auth.login, { body: { email: ann.email, password: ann.password } }));

    const seed = async (api: ApiSession, mark: string) => {
      const food = okBody(await api.call(httpContract.foods.quickAdd, { body: { name: `Food ${mark}`, fodmapRating: 'low' } }));
      const meal = okBody(
        await api.call(httpContract.meals.create, {
          body: { mealType: 'lunch', name: `Meal ${mark}`, notes: `Notes ${mark}`, timestamp: new Date().toISOString(), foods: [{ foodId: food.id, quantity: 1, servingUnit: 'serving' }] },
        }),
      );
      expectOk(await api.call(httpContract.symptoms.log, { body: { symptomType: 'bloating', severity: 'mild', notes: `Felt ${mark}`, mealId: meal.id } }));
      expectOk(await api.call(httpContract.meals.list));
      return meal;
    };
    await seed(ann.api, annMark);
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'me.png');
    const photo = okBody(await ann.api.call(httpContract.account.uploadPhoto, { body: form })).profileImageUrl ?? '';
    const photoName = photo.split('/').pop() ?? '';
    expect((await ann.api.download(httpContract.account.photo, { params: { name: photoName } })).status).toBe(200);
    await seed(bo.api, boMark);
    expectOk(await ann.api.call(httpContract.emails.testDailySummary));
    expect((await waitForEmail(ann.email, 20_000, (message) => message.text.includes(annMark))).text).toContain(annMark);
    // Every copy has Ann's journal before she leaves: the erasure has to find it everywhere.
    await eventually(async () => {
      expect(await table('SELECT 1 FROM insights.meals WHERE user_id = $1', [ann.user.id])).toHaveLength(1);
      expect(await table('SELECT 1 FROM notifications.digest_symptoms WHERE user_id = $1', [ann.user.id])).toHaveLength(1);
      // Her confirmation email and the summary.
      expect(await table('SELECT 1 FROM notifications.sent_emails WHERE user_id = $1', [ann.user.id])).toHaveLength(2);
    }, 20_000);
    expect(await rowsHolding([annMark])).not.toEqual([]);
    const [{ event_id: summaryEmail }] = await table("SELECT event_id FROM notifications.sent_emails WHERE user_id = $1 AND email_type = 'daily-summary'", [ann.user.id]);
    expect(await messagesHolding([annMark])).not.toEqual([]);

    // A wrong password erases nothing.
    const wrong = await ann.api.send(httpContract.account.erase, { body: { password: 'Not-Her-Password-1' } });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 403, body: { message: AccountMessages.currentPasswordWrong } });
    expect(okBody(await ann.api.call(httpContract.meals.list))).toHaveLength(1);

    const erased = await ann.api.call(httpContract.account.erase, { body: { password: ann.password } });
    expect({ status: erased.status, body: erased.body }).toEqual({ status: 200, body: { message: AccountMessages.accountErased } });
    // Every session is over, and the account is gone.
    expect((await ann.api.call(httpContract.account.user)).status).toBe(401);
    expect((await otherDevice.call(httpContract.account.user)).status).toBe(401);

    const needles = [annMark, ann.email];
    await eventually(async () => {
      expect(await rowsHolding(needles)).toEqual([]);
    }, 30_000);
    expect(await messagesHolding(needles)).toEqual([]);
    expect(await redisHolding(needles, ann.user.id)).toEqual([]);
    // Served to its owner only: the object store itself shows the file is gone.
    const photos = await nats.jetstream().views.os(`${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}_photos`);
    // A deleted object keeps a tombstone (deleted: true, no chunks): its bytes are gone.
    expect(await photos.getBlob(photoName)).toBeNull();
    // Checked last: a failed sign-in counts against the address it names for a while (LoginAttempts).
    expect((await new ApiSession().call(httpContract.auth.login, { body: { email: ann.email, password: ann.password } })).status).toBe(401);
    // Her sent email still counts, naming no one.
    expect(await table('SELECT user_id, recipient FROM notifications.sent_emails WHERE event_id = $1', [summaryEmail])).toEqual([{ user_id: null, recipient: null }]);
    // The announcement stays, naming only the number the account had.
    expect(await table(`SELECT stream_id, type FROM identity.events WHERE stream_id = $1`, [`account-erasure-${ann.user.id}`])).toEqual([{ stream_id: `account-erasure-${ann.user.id}`, type: 'AccountErased' }]);

    // Bo is untouched.
    expect(await rowsHolding([boMark])).toEqual(expect.arrayContaining([expect.stringMatching(/^journal\.events/), expect.stringMatching(/^insights\.meal_foods/), expect.stringMatching(/^notifications\.digest_meals/), expect.stringMatching(/^foods\.foods/)]));
    expect(okBody(await bo.api.call(httpContract.meals.list)).map((meal) => meal.name)).toEqual([`Meal ${boMark}`]);
    expect(await messagesHolding([boMark])).not.toEqual([]);

    // Asked again (a retry that reached identity late), the erasure answers as it did.
    const again = await firstValueFrom(
      rpc.send<ErasedAccount>(
        `${prefix}.${Rpc.identity.eraseAccount}`,
        rpcRecord(`${prefix}.${Rpc.identity.eraseAccount}`, { caller: { userId: ann.user.id, timeZone: 'Europe/London' }, input: { password: ann.password } }, loadConfig().callerSecret, undefined),
      ),
    );
    expect(again).toEqual({ email: null, profileImageUrl: null });

    // A rebuild replays what the log and the stream still hold: the read models it builds are the live ones.
    const snapshot = () => table('SELECT meal_id, user_id, meal_type FROM insights.meals ORDER BY meal_id');
    const live = await snapshot();
    await promisify(execFile)(process.execPath, [resolve(ROOT, 'apps/insights/dist/rebuild.js'), 'journal_history'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: provided('databaseUrl'), NATS_PREFIX: prefix },
    });
    expect(await snapshot()).toEqual(live);
    expect(live.filter((row) => row.user_id === ann.user.id)).toEqual([]);
  });

  it('counts a wrong password like a failed sign-in: 403 each, then 429 with Retry-After, and the account stays', async () => {
    const { api } = await registerUser('erase-guess', 'Gus');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.send(httpContract.account.erase, { body: { password: `Guess-Number-${i}` } })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    const refused = await api.send(httpContract.account.erase, { body: { password: 'Guess-Again-1' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expectOk(await api.call(httpContract.account.user));
  });

  it('answers a missing password with 400 and what to do, and a visitor with 401', async () => {
    const { api } = await registerUser('erase-empty');
    const empty = await api.send(httpContract.account.erase, { body: { password: '' } });
    expect({ status: empty.status, body: empty.body }).toEqual({ status: 400, body: { message: AccountMessages.erasePasswordRequired } });
    expect((await new ApiSession().send(httpContract.account.erase, { body: { password: 'Correct-Horse-9' } })).status).toBe(401);
    expectOk(await api.call(httpContract.account.user));
  });
});
