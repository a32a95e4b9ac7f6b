import { AI_SEARCH, AiSearchMessages } from '@fodmap/contracts';
import { suitePrefix, testConfig } from '@fodmap/testing';
import { afterAll, describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiter } from '../http/rate-limit';
import { AiSearchLimits } from './ai-search-limits';

const redis = new Redis(testConfig().redisUrl);
const limiter = new RateLimiter(redis, { ...testConfig(), natsPrefix: suitePrefix(`ai-search${Date.now()}`) });
const limits = new AiSearchLimits(limiter);

afterAll(() => redis.quit());

const outcome = (userId: number) =>
  limits.take(userId).then(
    () => ({ status: 200, message: null }),
    (error: HttpException) => ({ status: error.getStatus(), message: (error.getResponse() as { message: string }).message }),
  );

describe('AiSearchLimits against Redis', () => {
  it(`lets ${AI_SEARCH.perMinute} of 20 concurrent searches of one person through, and only those`, async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => outcome(1)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(AI_SEARCH.perMinute);
    expect(results.filter((result) => result.status === 429)).toHaveLength(20 - AI_SEARCH.perMinute);
    expect(results.find((result) => result.status === 429)?.message).toBe(AiSearchMessages.tooMany(60));
    expect(await outcome(2)).toEqual({ status: 200, message: null });
  });

  it('caps a day, and a refusal by the cap takes nothing from the minute', async () => {
    const userId = 3;
    for (let i = 0; i < AI_SEARCH.perDay; i++) await limiter.reserve([{ key: `ai-search:day:user:${userId}`, max: AI_SEARCH.perDay }], 86_400);
    const results = [];
    for (let i = 0; i < AI_SEARCH.perMinute + 1; i++) results.push(await outcome(userId));
    expect(results.every((result) => result.status === 429 && result.message === AiSearchMessages.dailyCap)).toBe(true);
  });
});
