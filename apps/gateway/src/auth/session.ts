import { Caller, User } from '@fodmap/contracts';
import { RedisStore } from 'connect-redis';
import { Express, RequestHandler, Response } from 'express';
import session, { SessionData, SessionOptions } from 'express-session';
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import passport from 'passport';
import { inSeries } from '../http/in-series';

declare module 'express-session' {
  interface SessionData {
    /** When the person signed in (epoch ms): the session ends SESSION_MAX_AGE_MS later, however active. */
    signedInAt: number;
    /** Where passport's logIn keeps the caller (CallerSerializer). */
    passport?: { user?: Caller };
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- passport's request user is declared in this namespace
  namespace Express {
    /** Who passport says is signed in: the caller kept in the session, and the account right after sign-in. */
    interface User {
      caller: Caller;
      account?: import('@fodmap/contracts').User;
    }
  }
}

export const SESSION_COOKIE = 'fodmap.sid';
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 14;
/** The absolute lifetime of a session: 30 days after signing in, the person signs in again, however active. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60_000;
const TOUCHED_REMEMBERED = 10_000;

/**
 * express-session touches the store on every request that does not save: a second Redis round trip (EXPIRE) before the
 * response may end. Refreshing a 14-day expiry once a minute per session keeps it sliding without that cost.
 */
class OncePerMinuteTouchStore extends RedisStore {
  /** The sessions touched in the last TOUCH_INTERVAL_MS; the least recently touched is forgotten first when full. */
  private readonly touched = new LRUCache<string, true>({ max: TOUCHED_REMEMBERED, ttl: TOUCH_INTERVAL_MS });

  constructor(redis: Redis, prefix: string) {
    super({ client: redis, prefix, ttl: SESSION_TTL_SECONDS });
    this.client.get = batchedReads(redis);
  }

  override async touch(sid: string, sess: SessionData, cb?: Parameters<RedisStore['touch']>[2]): Promise<void> {
    if (this.touched.has(sid)) return cb?.();
    this.touched.set(sid, true);
    return super.touch(sid, sess, cb);
  }
}

/**
 * Redis GETs asked for during one turn of the event loop, sent together as one pipeline on the same connection when the
 * turn ends (setImmediate): one socket write and one read for them all. Each request's session read was a write system
 * call of its own, about 11 % of the gateway's time per request in the profile of bench/gateway-overhead.mjs at 20
 * connections. Only reads are deferred: a read sent a turn later never sees an older session than it would have (a
 * write sent before it on this connection is answered first), and writes keep their order with everything else.
 */
export function batchedReads(redis: Redis): (key: string) => Promise<string | null> {
  let waiting: Array<{ key: string; resolve: (value: string | null) => void; reject: (error: unknown) => void }> = [];
  const send = () => {
    const batch = waiting;
    waiting = [];
    redis
      .pipeline(batch.map(({ key }) => ['get', key]))
      .exec()
      .then(
        (results) =>
          batch.forEach(({ resolve, reject }, i) => {
            const [error, value] = results?.[i] ?? [new Error('Redis gave no answer to a session read'), null];
            if (error) reject(error);
            else resolve(value as string | null);
          }),
        (error: unknown) => batch.forEach(({ reject }) => reject(error)),
      );
  };
  return (key) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(send);
      waiting.push({ key, resolve, reject });
    });
}

export const sessionKeyPrefix = (prefix: string) => `${prefix}:session:`;

/** The signed-in user passport keeps for a request, from the account identity returned. */
export function signedInUser(account: User): Express.User {
  return { caller: { userId: account.id, timeZone: account.timeZone }, account };
}

/**
 * A signed-in session older than SESSION_MAX_AGE_MS (or from before sign-in times were kept) is over: its data is
 * destroyed and the request goes on as a visitor's, so a signed-in route answers 401. A fresh, empty session takes its
 * place, for a sign-in on this very request.
 */
export const endExpiredSessions: RequestHandler = (req, _res, next) => {
  if (!req.user) return next();
  const { signedInAt } = req.session;
  if (typeof signedInAt === 'number' && Date.now() - signedInAt < SESSION_MAX_AGE_MS) return next();
  req.user = undefined;
  req.session.regenerate(next);
};

/**
 * The signed-in caller of the session, as passport's logIn stored it, through passport's deserializer (CallerSerializer).
 * passport.session() does the same through its strategy machinery: an authenticate middleware that gives the request six
 * methods and a strategy object of its own each time, about 3.5 % of the gateway's time per request in the profile of
 * bench/gateway-overhead.mjs, for a caller read from the session. A request without a session (the store disconnected)
 * fails as passport's did. Skips a request whose caller is already read.
 */
export const readSignedInCaller: RequestHandler = (req, _res, next) => {
  if (!req.session) return next(new Error('Login sessions require session support'));
  const stored = req.session.passport?.user;
  if (req.user || stored === undefined) return next();
  passport.deserializeUser<Express.User>(stored, (error, user) => {
    if (error) return next(error);
    if (user) req.user = user;
    next();
  });
};

/**
 * The cookie session in Redis (HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https, else whenever the request
 * came over TLS) and the signed-in caller read from it, up to the session's absolute lifetime, as one middleware. Running
 * it twice on one request is harmless: each skips work already done. passport's request methods (logIn, isAuthenticated, …) and
 * its session manager, which passport.initialize() would set on every request, are set once on the app's request
 * prototype that every request inherits from.
 */
export function sessionHandlers(app: Express, redis: Redis, secret: string, prefix: string, secureCookies: boolean): RequestHandler {
  // compat: false: no req._passport shim for passport 0.4-era strategies (none here).
  passport.initialize({ compat: false })(app.request, {} as Response, () => undefined);
  const options: SessionOptions = {
    name: SESSION_COOKIE,
    store: new OncePerMinuteTouchStore(redis, sessionKeyPrefix(prefix)),
    secret,
    resave: false,
    saveUninitialized: false,
    // Behind a TLS proxy the request may look like plain HTTP; the browser's address is https all the same.
    cookie: { httpOnly: true, sameSite: 'lax', secure: secureCookies ? true : 'auto', maxAge: SESSION_TTL_SECONDS * 1000 },
  };
  return inSeries(onceAMinuteRolling(session({ ...options, rolling: true }), session({ ...options, rolling: false })), readSignedInCaller, endExpiredSessions);
}

/** The session cookie's value as the browser sent it (still signed), from the Cookie header. */
const SENT_SESSION_COOKIE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE.replace('.', '\\.')}=([^;]*)`);

/**
 * The cookie's 14-day expiry slides as the store's does, once a minute per session rather than on every answer:
 * re-sending it costs a signature (HMAC) and a Set-Cookie header each time, about 4 % of the gateway's time per request
 * in the profile of bench/gateway-overhead.mjs. A request whose cookie was re-sent in the last minute is served by the
 * session without `rolling`, which still sets the cookie whenever the session is new, changed or regenerated. Keyed by
 * the value as sent: a forged or ended session's cookie is never re-sent by either.
 */
function onceAMinuteRolling(rolling: RequestHandler, steady: RequestHandler): RequestHandler {
  const refreshed = new LRUCache<string, true>({ max: TOUCHED_REMEMBERED, ttl: TOUCH_INTERVAL_MS });
  return (req, res, next) => {
    const sent = req.headers.cookie === undefined ? undefined : SENT_SESSION_COOKIE.exec(req.headers.cookie)?.[1];
    if (sent === undefined) return rolling(req, res, next);
    if (refreshed.has(sent)) return steady(req, res, next);
    refreshed.set(sent, true);
    rolling(req, res, next);
  };
}
