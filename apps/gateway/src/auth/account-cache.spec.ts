import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { User } from '@fodmap/contracts';
import { ACCOUNT_CACHE_MS, AccountCache } from './account-cache';

const ann = { id: 7, email: 'ann@example.com', firstName: 'Ann' } as User;

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('AccountCache', () => {
  it('answers with the account identity gave for ACCOUNT_CACHE_MS, then asks again', () => {
    // lru-cache reads its clock from the performance object it found at load time; tie that to the faked Date.
    jest.spyOn(performance, 'now').mockImplementation(() => Date.now());
    jest.useFakeTimers();
    const cache = new AccountCache();
    cache.remember(ann);
    jest.advanceTimersByTime(ACCOUNT_CACHE_MS - 1);
    expect(cache.get(7)).toEqual(ann);
    jest.advanceTimersByTime(2);
    expect(cache.get(7)).toBeUndefined();
  });

  it('forgets an account at once when it changes through the gateway, and keeps others apart', () => {
    const cache = new AccountCache();
    cache.remember(ann);
    cache.remember({ ...ann, id: 8, email: 'bo@example.com' });
    cache.delete(7);
    expect(cache.get(7)).toBeUndefined();
    expect(cache.get(8)?.email).toBe('bo@example.com');
  });
});
