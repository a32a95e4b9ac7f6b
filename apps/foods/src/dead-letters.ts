/**
 * Lists the dead letters of the foods consumers (food_research, which turns a background search request into its
 * job), or replays them once the cause is fixed:
 *   node apps/foods/dist/dead-letters.js list | replay <id> | replay-all
 * A failed search itself is a failed job: `node apps/foods/dist/jobs.js list | retry <id> | retry-all`.
 */
import 'reflect-metadata';
import { runDeadLettersCommand } from '@fodmap/server';
import { foodsSchema } from './foods.schema';

runDeadLettersCommand(foodsSchema, process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
