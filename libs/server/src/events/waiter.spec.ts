import { describe, expect, it } from '@jest/globals';
import { Waiter } from './waiter';

describe('Waiter', () => {
  it('returns from a wait when woken', async () => {
    const waiter = new Waiter();
    const waited = waiter.wait(60_000).then(() => 'woken');
    waiter.wake();
    expect(await waited).toBe('woken');
  });

  it('remembers a wake that came while nobody waited, so the next wait does not sleep past it', async () => {
    const waiter = new Waiter();
    waiter.wake();
    const first = await Promise.race([waiter.wait(60_000).then(() => 'returned'), Promise.resolve().then(() => 'still waiting')]);
    expect(first).toBe('returned');
  });
});
