import { HttpException } from '@nestjs/common';
import { suitePrefix, testConfig } from '@fodmap/testing';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from '@jest/globals';
import { RateLimiter } from '../http/rate-limit';
import { LoginAttempt, LoginAttempts } from './login-attempts';

const redis = new Redis(testConfig().redisUrl);
const attempts = new LoginAttempts(new RateLimiter(redis, { ...testConfig(), natsPrefix: suitePrefix(`login${Date.now()}`) }));

afterAll(() => redis.quit());

async function statusOf(attempt: LoginAttempt): Promise<number> {
  return attempts.reserve(attempt).then(
    () => 200,
    (error: HttpException) => error.getStatus(),
  );
}

describe('LoginAttempts against Redis', () => {
  it('refuses a client address after 30 failures spread over many emails', async () => {
    const address = '198.51.100.1';
    for (let i = 0; i < 30; i++) expect(await statusOf({ email: `victim${i}@example.com`, address, device: null })).toBe(200);
    expect(await statusOf({ email: 'one-more@example.com', address, device: null })).toBe(429);
    expect(await statusOf({ email: 'one-more@example.com', address: '198.51.100.2', device: null })).toBe(200);
  });

  it('counts a known device on its own: exempt from the email lock, limited to 5 failures itself', async () => {
    const email = 'owner@example.com';
    for (let i = 0; i < 5; i++) await statusOf({ email, address: `203.0.113.${i}`, device: null });
    expect(await statusOf({ email, address: '203.0.113.99', device: null })).toBe(429);
    const known = { email, address: '192.0.2.10', device: 'device-1' };
    for (let i = 0; i < 5; i++) expect(await statusOf(known)).toBe(200);
    expect(await statusOf(known)).toBe(429);
  });

  it('gives units back when the check never happened (an outage) and clears the email on success', async () => {
    const attempt = { email: 'flaky@example.com', address: '192.0.2.20', device: null };
    for (let i = 0; i < 5; i++) {
      await attempts.reserve(attempt);
      await attempts.abandoned(attempt);
    }
    expect(await statusOf(attempt)).toBe(200);
    await attempts.succeeded(attempt);
    for (let i = 0; i < 5; i++) expect(await statusOf(attempt)).toBe(200);
  });

  it('never lets more than 5 of 50 concurrent reservations through for one email', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => statusOf({ email: 'race@example.com', address: `10.0.${i}.1`, device: null })));
    expect(results.filter((status) => status === 200)).toHaveLength(5);
  });
});
