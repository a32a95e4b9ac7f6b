// The one-process baseline of bench/gateway-overhead.mjs: GET /api/auth/user done directly on a plain node http server.
// It reads the gateway's own session (the signed `fodmap.sid` cookie, the session JSON in Redis under
// `<NATS_PREFIX>:session:<id>`), one users row by primary key with pg, and answers the same JSON the gateway does.
// Started by the bench with DATABASE_URL, REDIS_URL, NATS_PREFIX, SESSION_SECRET and BASELINE_PORT.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { httpContract, require, root } from './stack.mjs';

const { loadGatewayConfig } = require(join(root, 'libs/server/dist/index.js'));
const { notificationDefaults } = require(join(root, 'libs/contracts/dist/index.js'));
const { Pool } = require('pg');
const Redis = require('ioredis');

const config = loadGatewayConfig();
// As many connections as identity's TypeORM pool (node-postgres' default of 10).
const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
const redis = new Redis(config.redisUrl);
const sessionPrefix = `${config.natsPrefix}:session:`;

/** express-session's cookie: `s:<id>.<base64 HMAC-SHA256 of id without padding>`. */
function sessionId(cookieHeader) {
  const raw = /(?:^|;\s*)fodmap\.sid=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  if (!value.startsWith('s:')) return null;
  const dot = value.lastIndexOf('.');
  const id = value.slice(2, dot);
  const expected = Buffer.from(createHmac('sha256', config.sessionSecret).update(id).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(value.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

function reply(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}

async function currentUser(req, res) {
  const id = sessionId(req.headers.cookie);
  const stored = id && (await redis.get(sessionPrefix + id));
  const userId = stored && JSON.parse(stored).passport?.user?.userId;
  if (!userId) return reply(res, 401, { message: 'Unauthorized' });
  const { rows } = await pool.query(
    // The same row identity reads (users.service.ts): admin rights from the active admin users list, the first-run answers.
    `SELECT id, email, first_name, last_name, profile_image_url,
       EXISTS (SELECT 1 FROM identity.admin_users admin WHERE admin.email = users.email AND admin.is_active) AS is_admin,
       email_notifications, meal_notifications, time_zone, condition, diet_phase, onboarding, created_at
     FROM identity.users users WHERE id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return reply(res, 401, { message: 'Unauthorized' });
  reply(res, 200, {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    isAdmin: row.is_admin,
    ...notificationDefaults({ emailNotifications: row.email_notifications, mealNotifications: row.meal_notifications }),
    timeZone: row.time_zone,
    condition: row.condition,
    dietPhase: row.diet_phase,
    onboarding: row.onboarding,
    createdAt: row.created_at.toISOString(),
  });
}

const server = createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== httpContract.account.user.path) return reply(res, 404, { message: 'Not found' });
  currentUser(req, res).catch((error) => reply(res, 500, { message: error.message }));
});
server.listen(Number(process.env.BASELINE_PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close();
  void Promise.allSettled([pool.end(), redis.quit()]).then(() => process.exit(0));
});
