import { Inject, Injectable } from '@nestjs/common';
import { SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import { Request } from 'express';
import Redis from 'ioredis';
import { REDIS } from '../infra/infra.module';
import { sessionKeyPrefix } from './session';

/** connect-redis stores each session as JSON; passport's caller is at `passport.user`. */
const CHANGE_TIME_ZONE = `
  for _, key in ipairs(KEYS) do
    local stored = redis.call('GET', key)
    if stored then
      local session = cjson.decode(stored)
      if type(session.passport) == 'table' and type(session.passport.user) == 'table' then
        session.passport.user.timeZone = ARGV[1]
        redis.call('SET', key, cjson.encode(session), 'KEEPTTL')
      end
    end
  end`;

/**
 * Signing in and out, with every session id of a user kept in a Redis set so that all of them can be ended at once
 * (a password reset). The set has no expiry because rolling sessions outlive any fixed one; ended ids are pruned.
 */
@Injectable()
export class UserSessions {
  private readonly sessionPrefix: string;
  private readonly indexPrefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.sessionPrefix = sessionKeyPrefix(config.natsPrefix);
    this.indexPrefix = `${config.natsPrefix}:user-sessions:`;
  }

  /**
   * passport's logIn gives the request a new session id, so a session id seen before sign-in is worthless after it.
   * The sign-in time starts the session's absolute lifetime (session.ts).
   */
  async signIn(req: Request, user: Express.User): Promise<void> {
    await new Promise<void>((resolve, reject) => req.logIn(user, (error) => (error ? reject(error) : resolve())));
    req.session.signedInAt = Date.now();
    const index = this.indexPrefix + user.caller.userId;
    await this.prune(index);
    await this.redis.sadd(index, req.sessionID);
  }

  /** Ends the request's session (its cookie is cleared by the caller). */
  async signOut(req: Request): Promise<void> {
    const userId = req.user?.caller.userId;
    const sessionId = req.sessionID;
    await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    if (userId !== undefined) await this.redis.srem(this.indexPrefix + userId, sessionId);
  }

  /** Ends every session of the user (a reset, a change of password, 'Sign out everywhere'), except `keep` when given. */
  async endAll(userId: number, keep?: string): Promise<void> {
    const index = this.indexPrefix + userId;
    const ended = (await this.redis.smembers(index)).filter((id) => id !== keep);
    if (ended.length === 0) return;
    await this.redis
      .multi()
      .del(...ended.map((id) => this.sessionPrefix + id))
      .srem(index, ...ended)
      .exec();
  }

  /**
   * Gives every session of the user the zone they now live in (passport keeps the caller in the session), each in
   * one step in Redis, its expiry kept. A session that ended meanwhile is left ended.
   */
  async changeTimeZone(userId: number, timeZone: string): Promise<void> {
    const ids = await this.redis.smembers(this.indexPrefix + userId);
    if (ids.length === 0) return;
    await this.redis.eval(CHANGE_TIME_ZONE, ids.length, ...ids.map((id) => this.sessionPrefix + id), timeZone);
  }

  private async prune(index: string): Promise<void> {
    const ids = await this.redis.smembers(index);
    if (ids.length === 0) return;
    const alive = await Promise.all(ids.map((id) => this.redis.exists(this.sessionPrefix + id)));
    const gone = ids.filter((_, i) => alive[i] === 0);
    if (gone.length > 0) await this.redis.srem(index, ...gone);
  }
}
