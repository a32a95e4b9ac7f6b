import { Caller, User } from '@fodmap/contracts';
import { RedisStore } from 'connect-redis';
import { RequestHandler } from 'express';
import session from 'express-session';
import Redis from 'ioredis';
import passport from 'passport';

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

export const sessionKeyPrefix = (prefix: string) => `${prefix}:session:`;

/** The signed-in user passport keeps for a request, from the account identity returned. */
export function signedInUser(account: User): Express.User {
  return { caller: { userId: account.id, timeZone: account.timeZone }, account };
}

/**
 * The cookie session in Redis (HttpOnly, SameSite=Lax, Secure whenever the request came over TLS) and passport reading
 * the signed-in caller from it. Running them twice on one request is harmless: both skip work already done.
 */
export function sessionHandlers(redis: Redis, secret: string, prefix: string): RequestHandler[] {
  return [
    session({
      name: SESSION_COOKIE,
      store: new RedisStore({ client: redis, prefix: sessionKeyPrefix(prefix), ttl: SESSION_TTL_SECONDS }),
      secret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_TTL_SECONDS * 1000 },
    }),
    passport.initialize(),
    passport.session(),
  ];
}
