import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import { Caller } from '@fodmap/contracts';
import { GatewayConfig } from '@fodmap/server';
import { suitePrefix, testConfig } from '@fodmap/testing';
import Redis from 'ioredis';
import { JournalReadCache, JsonText } from './journal-read-cache';

const redis = new Redis(testConfig().redisUrl);
const config = (seconds = 600) => ({ ...testConfig(), natsPrefix: suitePrefix(`journalcache${Date.now()}`), journalReadCacheSeconds: seconds }) as GatewayConfig;
const ann: Caller = { userId: 1, timeZone: 'Europe/London' };
const bo: Caller = { userId: 2, timeZone: 'Europe/London' };

afterAll(() => redis.quit());

/** What the browser receives: the JSON text parsed. */
const answer = async <T>(text: Promise<JsonText<T>>): Promise<T> => JSON.parse(await text) as T;
afterEach(() => jest.useRealTimers());

/** A journal stand-in: counts what it was asked and answers with the count so far. */
function journal() {
  let asked = 0;
  return {
    ask: () => Promise.resolve({ asked: ++asked }),
    get asked() {
      return asked;
    },
  };
}

/** A promise and the function that settles it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('JournalReadCache against Redis', () => {
  it('answers repeated reads from the cache, apart per person, read and time zone', async () => {
    const cache = new JournalReadCache(redis, config());
    const source = journal();
    for (let i = 0; i < 3; i++) expect(await answer(cache.read(ann, 'dashboard/stats', source.ask))).toEqual({ asked: 1 });
    expect(await answer(cache.read(bo, 'dashboard/stats', source.ask))).toEqual({ asked: 2 });
    expect(await answer(cache.read(ann, 'meals?todayOnly=true', source.ask))).toEqual({ asked: 3 });
    expect(await answer(cache.read({ ...ann, timeZone: 'Pacific/Auckland' }, 'dashboard/stats', source.ask))).toEqual({ asked: 4 });
    expect(await answer(cache.read(ann, 'dashboard/stats', source.ask))).toEqual({ asked: 1 });
    expect(source.asked).toBe(4);
  });

  it('asks the journal again after a write through any replica, a failed one too, and only for the person who wrote', async () => {
    const settings = config();
    const cache = new JournalReadCache(redis, settings);
    const otherReplica = new JournalReadCache(redis, settings);
    const source = journal();
    await cache.read(ann, 'dashboard/stats', source.ask);
    await cache.read(bo, 'dashboard/stats', source.ask);
    expect(await otherReplica.write(ann.userId, () => Promise.resolve('written'))).toBe('written');
    expect(await answer(cache.read(ann, 'dashboard/stats', source.ask))).toEqual({ asked: 3 });
    expect(await answer(cache.read(bo, 'dashboard/stats', source.ask))).toEqual({ asked: 2 });
    await expect(cache.write(ann.userId, () => Promise.reject(new Error('timed out')))).rejects.toThrow('timed out');
    expect(await answer(cache.read(ann, 'dashboard/stats', source.ask))).toEqual({ asked: 4 });
  });

  it('never keeps an answer the journal gave before or during a write that has since finished', async () => {
    const settings = config();
    const cache = new JournalReadCache(redis, settings);
    // A read asked before the write and answered after it (another replica, a slow journal).
    const before = deferred<string>();
    const slowRead = cache.read(ann, 'meals?todayOnly=true', () => before.promise);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache.write(ann.userId, async () => {
      // A read that starts while the write is under way.
      await cache.read(ann, 'meals?todayOnly=true', () => Promise.resolve('during the write'));
      return 'written';
    });
    before.resolve('before the write');
    expect(await answer(slowRead)).toBe('before the write');
    expect(await answer(cache.read(ann, 'meals?todayOnly=true', () => Promise.resolve('after the write')))).toBe('after the write');
    expect(await answer(cache.read(ann, 'meals?todayOnly=true', () => Promise.resolve('asked again')))).toBe('after the write');
    // Nothing is kept for the older versions: the version and the one answer.
    expect(await redis.hlen(`${settings.natsPrefix}:journal:${ann.userId}`)).toBe(2);
  });

  it("starts afresh at the caller's midnight", async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance'] });
    const cache = new JournalReadCache(redis, config());
    const source = journal();
    const angeleno: Caller = { userId: 3, timeZone: 'America/Los_Angeles' };
    jest.setSystemTime(new Date('2026-01-07T07:59:00Z'));
    await cache.read(angeleno, 'dashboard/stats', source.ask);
    expect(await answer(cache.read(angeleno, 'dashboard/stats', source.ask))).toEqual({ asked: 1 });
    jest.setSystemTime(new Date('2026-01-07T08:00:00Z'));
    expect(await answer(cache.read(angeleno, 'dashboard/stats', source.ask))).toEqual({ asked: 2 });
  });

  it('asks the journal every time when Redis is unreachable or the cache is off', async () => {
    const down = new Redis({ port: 1, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    const unreachable = new JournalReadCache(down, config());
    const source = journal();
    expect(await answer(unreachable.read(ann, 'dashboard/stats', source.ask))).toEqual({ asked: 1 });
    expect(await answer(unreachable.read(ann, 'dashboard/stats', source.ask))).toEqual({ asked: 2 });
    expect(await unreachable.write(ann.userId, () => Promise.resolve('written'))).toBe('written');
    down.disconnect();
    const off = new JournalReadCache(redis, config(0));
    expect(await answer(off.read(ann, 'dashboard/stats', source.ask))).toEqual({ asked: 3 });
    expect(await answer(off.read(ann, 'dashboard/stats', source.ask))).toEqual({ asked: 4 });
  });
});
