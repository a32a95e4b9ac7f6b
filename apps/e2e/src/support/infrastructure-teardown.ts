import { runTeardown } from '@fodmap/testing';

/** Jest globalTeardown of the rollouts suite: stops what infrastructure-setup.ts started (containers, if any). */
export default function teardown(): Promise<void> {
  return runTeardown('infrastructure');
}
