import { runTeardown } from '@fodmap/testing';

/** Jest globalTeardown of the API and browser suites: stops the stack stack-setup.ts started and removes its data. */
export default function teardown(): Promise<void> {
  return runTeardown('stack');
}
