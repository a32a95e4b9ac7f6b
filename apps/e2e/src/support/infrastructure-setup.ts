import { keepTeardown, provideInfrastructure } from '@fodmap/testing';

/**
 * Jest globalSetup of the rollouts suite: PostgreSQL, NATS and Redis only. Its tests start, restart and kill processes
 * of stacks of their own (support/processes.ts), so the API suites' shared stack is not started: two replicas of every
 * process need most of a default PostgreSQL's 100 connections.
 */
export default async function setup(): Promise<void> {
  const infrastructure = await provideInfrastructure();
  keepTeardown('infrastructure', () => infrastructure.stop());
}
