import { afterEach, describe, expect, it } from '@jest/globals';
import { AnalysisCache } from './analysis-cache';

describe('the analysis cache', () => {
  afterEach(() => {
    delete process.env.INSIGHTS_CACHE_ENTRIES;
  });

  it('computes an answer once per key, also for requests that arrive while it runs', async () => {
    const cache = new AnalysisCache();
    let runs = 0;
    const compute = async () => ++runs;

    const [first, second] = await Promise.all([cache.get('a', compute), cache.get('a', compute)]);

    expect([first, second, await cache.get('a', compute), await cache.get('b', compute)]).toEqual([1, 1, 1, 2]);
  });

  it('keeps no failure: the next request computes again', async () => {
    const cache = new AnalysisCache();
    await expect(cache.get('a', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');

    expect(await cache.get('a', async () => 'answer')).toBe('answer');
  });

  it('computes every time with INSIGHTS_CACHE_ENTRIES=0', async () => {
    process.env.INSIGHTS_CACHE_ENTRIES = '0';
    const cache = new AnalysisCache();
    let runs = 0;

    await cache.get('a', async () => ++runs);
    expect(await cache.get('a', async () => ++runs)).toBe(2);
  });
});
