import { jest } from '@jest/globals';

/** A wall-clock moment of the phone in March 2025, whatever zone the test runs in. */
export const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute);

/** Stops the clock at `now` for what reads the time; timers still run, so screens and their reads work as ever. */
export function freezeClock(now: Date) {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
