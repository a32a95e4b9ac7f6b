import { act } from '@testing-library/react';
import { jest } from '@jest/globals';

/** Moves the fake clock on by `ms`, letting React render what the timers and answers caused. */
export const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

/** Moves the fake clock on in small steps until `check` holds: an answer lands a few scheduler ticks after its request. */
export async function waitUntil(check: () => boolean, limitMs = 200) {
  for (let elapsed = 0; !check(); elapsed += 10) {
    if (elapsed >= limitMs) throw new Error(`still waiting after ${limitMs} ms`);
    await wait(10);
  }
}
