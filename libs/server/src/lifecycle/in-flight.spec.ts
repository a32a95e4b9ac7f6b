import { describe, expect, it } from '@jest/globals';
import { InFlight } from './in-flight';

describe('InFlight', () => {
  it('is idle at once with nothing in flight, and only once the last piece of work ends', async () => {
    const inFlight = new InFlight();
    await inFlight.idle();
    let finish: () => void = () => undefined;
    const work = inFlight.track(() => new Promise<void>((done) => (finish = done)));
    inFlight.begin();
    let idle = false;
    const waiting = inFlight.idle().then(() => (idle = true));
    inFlight.end();
    await Promise.resolve();
    expect({ idle, size: inFlight.size }).toEqual({ idle: false, size: 1 });
    finish();
    await work;
    await waiting;
    expect({ idle, size: inFlight.size }).toEqual({ idle: true, size: 0 });
  });

  it('counts work that fails as ended', async () => {
    const inFlight = new InFlight();
    await expect(inFlight.track(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(inFlight.size).toBe(0);
  });
});
