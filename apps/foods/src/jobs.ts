/**
 * Lists the foods service's failed jobs (background food searches), or runs them again once the cause is fixed:
 *   node apps/foods/dist/jobs.js list | retry <id> | retry-all
 * A retried job is done by the running service, from its first attempt.
 */
import 'reflect-metadata';
import { runJobsCommand } from '@fodmap/server';
import { foodsSchema } from './foods.schema';

runJobsCommand(foodsSchema, process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
