import { runTeardown } from './global-hooks';

/** Jest globalTeardown of the integration project: removes what integration-setup.ts made. */
export default function teardown(): Promise<void> {
  return runTeardown('integration');
}
