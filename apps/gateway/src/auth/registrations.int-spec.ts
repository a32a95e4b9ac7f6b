import { HttpException } from '@nestjs/common';
import { AccountMessages } from '@fodmap/contracts';
import { GatewayConfig } from '@fodmap/server';
import { suitePrefix, testConfig } from '@fodmap/testing';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from '@jest/globals';
import { RateLimiter } from '../http/rate-limit';
import { RetryLaterException } from '../http/retry-later.exception';
import { Registrations } from './registrations';

const redis = new Redis(testConfig().redisUrl);
afterAll(() => redis.quit());

/** A gateway's registration limits on a fresh prefix, so each test counts from zero. */
function registrations(perAddressPerHour: number, perMinute: number): Registrations {
  const config = { ...testConfig(), natsPrefix: suitePrefix(`register${Date.now()}${Math.random().toString(36).slice(2, 6)}`) };
  return new Registrations(new RateLimiter(redis, config), { ...config, registrationLimits: { perAddressPerHour, perMinute } } as GatewayConfig);
}

async function answer(limits: Registrations, address: string): Promise<{ status: number; message?: string; retryAfter?: number }> {
  return limits.reserve(address).then(
    () => ({ status: 201 }),
    (error: HttpException) => ({ status: error.getStatus(), message: (error.getResponse() as { message: string }).message, retryAfter: (error as RetryLaterException).retryAfterSeconds }),
  );
}

describe('Registrations against Redis', () => {
  it('lets no more than 10 of 40 parallel sign-ups from one address through, and refuses the rest with Retry-After', async () => {
    const limits = registrations(10, 1_000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => answer(limits, '198.51.100.7')));
    expect(answers.filter((one) => one.status === 201)).toHaveLength(10);
    const refused = answers.filter((one) => one.status === 429);
    expect(refused).toHaveLength(30);
    expect(refused[0]).toEqual({ status: 429, message: AccountMessages.tooManyRegistrations, retryAfter: expect.any(Number) });
    expect(refused[0].retryAfter).toBeGreaterThan(60);
    expect(refused[0].retryAfter).toBeLessThanOrEqual(3600);
    // Another household is not held up by this one.
    expect((await answer(limits, '198.51.100.8')).status).toBe(201);
  });

  it('caps sign-ups from everywhere per minute, however many addresses they come from', async () => {
    const limits = registrations(10, 25);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => answer(limits, `203.0.113.${i}`)));
    expect(answers.filter((one) => one.status === 201)).toHaveLength(25);
    const refused = answers.find((one) => one.status === 429);
    expect(refused?.retryAfter).toBeGreaterThan(0);
    expect(refused?.retryAfter).toBeLessThanOrEqual(60);
  });
});
