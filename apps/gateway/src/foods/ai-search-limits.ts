import { AI_SEARCH, AiSearchMessages } from '@fodmap/contracts';
import { HttpStatus, Injectable } from '@nestjs/common';
import { RateLimiter } from '../http/rate-limit';
import { RetryLaterException } from '../http/retry-later.exception';

const MINUTE = 60;
const DAY = 24 * 60 * 60;

/**
 * A person's AI food searches (immediate and background together): AI_SEARCH.perMinute a minute and AI_SEARCH.perDay
 * a day, each counter taken atomically in Redis (RateLimiter), so that concurrent requests cannot all slip past a
 * check. The minute is taken first; when the day is full its unit is given back, so a refusal costs nothing.
 */
@Injectable()
export class AiSearchLimits {
  constructor(private readonly limiter: RateLimiter) {}

  async take(userId: number): Promise<void> {
    const minuteKey = `ai-search:minute:user:${userId}`;
    const minuteWait = await this.limiter.reserve([{ key: minuteKey, max: AI_SEARCH.perMinute }], MINUTE);
    if (minuteWait > 0) throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, AiSearchMessages.tooMany(minuteWait), minuteWait);
    const dayWait = await this.limiter.reserve([{ key: `ai-search:day:user:${userId}`, max: AI_SEARCH.perDay }], DAY);
    if (dayWait > 0) {
      await this.limiter.release(minuteKey);
      throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, AiSearchMessages.dailyCap, dayWait);
    }
  }
}
