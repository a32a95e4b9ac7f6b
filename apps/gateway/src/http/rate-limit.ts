import { Inject, Injectable } from '@nestjs/common';
import { SERVER_CONFIG, ServerConfig } from '@fodmap/server';
import Redis from 'ioredis';
import { REDIS } from '../infra/infra.module';

/** One counter: at most `max` units per window (the reservation's, unless the limit names its own). */
export interface Limit {
  key: string;
  max: number;
  windowSeconds?: number;
}

// Checks every counter, then takes one unit from each, in one atomic step: concurrent requests cannot all pass a
// check before any of them is counted. ARGV: each key's max, then each key's window. Returns 0 when reserved, else the
// seconds until the full counter frees up.
const RESERVE = `
local count = #KEYS
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i]) then
    local ttl = redis.call('TTL', key)
    if ttl < 1 then return tonumber(ARGV[count + i]) end
    return ttl
  end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('EXPIRE', key, tonumber(ARGV[count + i])) end
end
return 0
`;

// Gives a unit back without going below zero or touching the window.
const RELEASE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** Fixed-window counters in Redis shared by every gateway process. */
@Injectable()
export class RateLimiter {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.prefix = `${config.natsPrefix}:rate:`;
  }

  /** Takes one unit from every limit or from none; answers 0, or how many seconds to wait. */
  async reserve(limits: Limit[], windowSeconds: number): Promise<number> {
    const keys = limits.map((limit) => this.prefix + limit.key);
    const windows = limits.map((limit) => limit.windowSeconds ?? windowSeconds);
    const wait = await this.redis.eval(RESERVE, keys.length, ...keys, ...limits.map((limit) => limit.max), ...windows);
    return Number(wait);
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.prefix + key);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
