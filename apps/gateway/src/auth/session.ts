import { Caller } from '@fodmap/contracts';
import { RedisStore } from 'connect-redis';
import { Express, Request } from 'express';
import session, { SessionData } from 'express-session';
import Redis from 'ioredis';

declare module 'express-session' {
  interface SessionData {
    caller?: Caller;
  }
}

const SESSION_TTL_SECONDS = 60 * 60 * 24 * 14;
const TOUCH_INTERVAL_MS = 60_000;
const TOUCHED_REMEMBERED = 10_000;

/**
 * express-session touches the store on every request that does not save: a second Redis round trip (EXPIRE) before the
 * response may end. Refreshing a 14-day expiry once a minute per session keeps it sliding without that cost.
 */
class OncePerMinuteTouchStore extends RedisStore {
  private readonly touchedAt = new Map<string, number>();

  override async touch(sid: string, sess: SessionData, cb?: Parameters<RedisStore['touch']>[2]): Promise<void> {
    const now = Date.now();
    if (now - (this.touchedAt.get(sid) ?? 0) < TOUCH_INTERVAL_MS) return cb?.();
    if (this.touchedAt.size >= TOUCHED_REMEMBERED) this.touchedAt.clear();
    this.touchedAt.set(sid, now);
    return super.touch(sid, sess, cb);
  }
}

/** The cookie session lives in Redis; the cookie is HttpOnly, SameSite=Lax, and Secure whenever the request came over TLS. */
export function useSessions(app: Express, redis: Redis, secret: string, prefix: string): void {
  app.set('trust proxy', 1);
  app.use(
    session({
      name: 'fodmap.sid',
      store: new OncePerMinuteTouchStore({ client: redis, prefix: `${prefix}:session:`, ttl: SESSION_TTL_SECONDS }),
      secret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_TTL_SECONDS * 1000 },
    }),
  );
}

/** A new session id on every sign-in so that a session id seen before it is worthless afterwards. */
export function startSession(req: Request, caller: Caller): Promise<void> {
  return new Promise((resolve, reject) => {
    req.session.regenerate((error) => {
      if (error) return reject(error);
      req.session.caller = caller;
      req.session.save((saveError) => (saveError ? reject(saveError) : resolve()));
    });
  });
}

export function endSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}
