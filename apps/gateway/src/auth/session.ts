import { Caller, User } from '@fodmap/contracts';
import { RedisStore } from 'connect-redis';
import { RequestHandler } from 'express';
import session, { SessionData } from 'express-session';
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import passport from 'passport';

declare module 'express-session' {
  interface SessionData {
    /** When the person signed in (epoch ms): the session ends SESSION_MAX_AGE_MS later, however active. */
    signedInAt: number;
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

  override async touch(sid: string, sess: SessionData, cb?: Parameters<RedisStore['touch']>[2]): Promise<void> {
    if (this.touched.has(sid)) return cb?.();
    this.touched.set(sid, true);
    return super.touch(sid, sess, cb);
  }
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
 * The cookie session in Redis (HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https, else whenever the request
 * came over TLS) and passport reading the signed-in caller from it, up to the session's absolute lifetime. Running
 * them twice on one request is harmless: each skips work already done.
 */
export function sessionHandlers(redis: Redis, secret: string, prefix: string, secureCookies: boolean): RequestHandler[] {
  return [
    session({
      name: SESSION_COOKIE,
      store: new OncePerMinuteTouchStore({ client: redis, prefix: sessionKeyPrefix(prefix), ttl: SESSION_TTL_SECONDS }),
      secret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      // Behind a TLS proxy the request may look like plain HTTP; the browser's address is https all the same.
      cookie: { httpOnly: true, sameSite: 'lax', secure: secureCookies ? true : 'auto', maxAge: SESSION_TTL_SECONDS * 1000 },
    }),
    // compat: false: no req._passport shim for passport 0.4-era strategies (none here), one object fewer per request.
    passport.initialize({ compat: false }),
    passport.session(),
    endExpiredSessions,
  ];
}
