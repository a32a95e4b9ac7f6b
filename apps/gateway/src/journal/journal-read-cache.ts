import { Inject, Injectable, Logger } from '@nestjs/common';
import { Caller, todayIn } from '@fodmap/contracts';
import { GatewayConfig, SERVER_CONFIG } from '@fodmap/server';
import Redis from 'ioredis';
import { REDIS } from '../infra/infra.module';

// One hash per person: field 'v' is their journal version, every other field an answer stored as `<version>|<read>`.
// A hit is one round trip: the version and the answer stored under it.
const READ = `
local version = redis.call('HGET', KEYS[1], 'v') or '0'
return {version, redis.call('HGET', KEYS[1], version .. '|' .. ARGV[1])}
`;

// Keeps an answer only while the version is still the one read before the journal was asked: an older version's
// answer could never be read again and would only take memory.
const STORE = `
if (redis.call('HGET', KEYS[1], 'v') or '0') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
`;

// A new version; the older versions' answers can never be read again, so they go at once.
const BUMP = `
local version = tonumber(redis.call('HGET', KEYS[1], 'v') or '0') + 1
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'v', version)
redis.call('EXPIRE', KEYS[1], ARGV[1])
return version
`;

/** An answer as the JSON text sent to the browser: a cached one is sent as it is, without parsing and serialising again. */
export type JsonText<T> = string & { readonly answer?: T };
/** The Content-Type of a route that answers with a JsonText. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const jsonText = <T>(answer: T): JsonText<T> => JSON.stringify(answer);

/**
 * The home screen's journal reads (today's dashboard and meals, a day's meals or symptoms), kept in Redis per person as
 * the JSON text sent, so that opening the app again costs no NATS round trip, SQL or serialising (bench/dashboard.mjs).
 * Shared by every gateway replica.
 *
 * Read-your-writes: every journal write through `write` bumps the person's version before and after it, also when it
 * fails. A read stores its answer only if the version is still the one it saw before asking the journal, so an answer
 * that may predate a write is never kept under the version that write left behind. Keys hold the caller's time zone and
 * local date, so "today" rolls over at their midnight. Redis unreachable: reads and writes go to the journal as if
 * there were no cache.
 */
@Injectable()
export class JournalReadCache {
  private readonly logger = new Logger(JournalReadCache.name);
  private readonly prefix: string;
  private readonly seconds: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVER_CONFIG) config: GatewayConfig,
  ) {
    this.prefix = `${config.natsPrefix}:journal:`;
    this.seconds = config.journalReadCacheSeconds;
  }

  /** The answer to `read` (a name for the path and its query) for the caller's local today: cached, or from `ask`. */
  async read<T>(caller: Caller, read: string, ask: () => Promise<T>): Promise<JsonText<T>> {
    if (this.seconds === 0) return jsonText(await ask());
    const key = this.prefix + caller.userId;
    const today = todayIn(caller.timeZone);
    const field = `${caller.timeZone}|${today}|${read}`;
    const cached = (await this.redis.eval(READ, 1, key, field).catch((error: unknown) => this.unavailable(error))) as [string, string | null] | null;
    if (cached?.[1]) return cached[1];
    const answer = jsonText(await ask());
    // An answer asked for just before the caller's midnight may be the new day's: keep it under neither.
    if (cached && todayIn(caller.timeZone) === today) {
      await this.redis.eval(STORE, 1, key, cached[0], field, answer, this.seconds).catch((error: unknown) => this.unavailable(error));
    }
    return answer;
  }

  /** Runs a write to the person's journal between two version bumps: no read can keep an answer from before it. */
  async write<T>(userId: number, write: () => Promise<T>): Promise<T> {
    if (this.seconds === 0) return write();
    await this.bump(userId);
    try {
      return await write();
    } finally {
      await this.bump(userId);
    }
  }

  /**
   * A write to the person's journal that did not go through `write` (an emailed symptom link, logged by notifications)
   * has returned: a read from before it may not be kept or served after it.
   */
  async changed(userId: number): Promise<void> {
    if (this.seconds > 0) await this.bump(userId);
  }

  /** The person erased their account (issue 20): their cached answers go at once, not when they expire. */
  async forget(userId: number): Promise<void> {
    await this.redis.del(this.prefix + userId);
  }

  private async bump(userId: number): Promise<void> {
    await this.redis.eval(BUMP, 1, this.prefix + userId, this.seconds).catch((error: unknown) => this.unavailable(error));
  }

  private unavailable(error: unknown): null {
    this.logger.warn(`Journal read cache unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
