import { afterEach, describe, expect, it } from '@jest/globals';
import { RpcException } from '@nestjs/microservices';
import { ANALYSES_PER_PERSON, AnalysisCache } from './analysis-cache';

describe('the analysis cache', () => {
  afterEach(() => {
    delete process.env.INSIGHTS_CACHE_ENTRIES;
    delete process.env.INSIGHTS_ANALYSES_PER_MINUTE;
  });

  it('computes an answer once per key, also for requests that arrive while it runs', async () => {
    const cache = new AnalysisCache();
    let runs = 0;
    const compute = async () => ++runs;

    const [first, second] = await Promise.all([cache.get(1, 'a', compute), cache.get(1, 'a', compute)]);

    expect([first, second, await cache.get(1, 'a', compute), await cache.get(1, 'b', compute)]).toEqual([1, 1, 1, 2]);
  });

  it('keeps no failure: the next request computes again', async () => {
    const cache = new AnalysisCache();
    await expect(cache.get(1, 'a', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');

    expect(await cache.get(1, 'a', async () => 'answer')).toBe('answer');
  });

  it('computes every time with INSIGHTS_CACHE_ENTRIES=0', async () => {
    process.env.INSIGHTS_CACHE_ENTRIES = '0';
    const cache = new AnalysisCache();
    let runs = 0;

    await cache.get(1, 'a', async () => ++runs);
    expect(await cache.get(1, 'a', async () => ++runs)).toBe(2);
  });

  it("keeps at most ANALYSES_PER_PERSON of one person's analyses: a person asking for ever new ones evicts only their own", async () => {
    process.env.INSIGHTS_CACHE_ENTRIES = '100';
    process.env.INSIGHTS_ANALYSES_PER_MINUTE = '0';
    const cache = new AnalysisCache();
    let runs = 0;
    const compute = async () => ++runs;
    await cache.get(2, 'theirs', compute);
    for (let key = 0; key < 200; key += 1) await cache.get(1, `mine-${key}`, compute);
    const before = runs;

    // The other person's analysis is still kept, and so are the first person's newest, not their oldest.
    await cache.get(2, 'theirs', compute);
    await cache.get(1, `mine-${199 - ANALYSES_PER_PERSON + 1}`, compute);
    expect(runs).toBe(before);
    await cache.get(1, `mine-${199 - ANALYSES_PER_PERSON}`, compute);
    expect(runs).toBe(before + 1);
  });

  it('refuses a person more fresh analyses a minute than INSIGHTS_ANALYSES_PER_MINUTE with 429, still answering kept ones and others', async () => {
    process.env.INSIGHTS_ANALYSES_PER_MINUTE = '2';
    const cache = new AnalysisCache();
    const compute = async () => 'answer';
    await cache.get(1, 'a', compute);
    await cache.get(1, 'b', compute);

    let refusal: unknown;
    try {
      await cache.get(1, 'c', compute);
    } catch (error) {
      refusal = (error as RpcException).getError();
    }
    expect(refusal).toEqual({ status: 429, message: expect.stringMatching(/^Too many analyses at once\. Please try again in \d+ seconds?\.$/), retryAfterSeconds: expect.any(Number) });
    expect(await cache.get(1, 'a', compute)).toBe('answer');
    expect(await cache.get(2, 'c', compute)).toBe('answer');
  });
});
