/**
 * Lists the insights projections' dead letters, or replays them once the cause is fixed:
 *   node apps/insights/dist/dead-letters.js list | replay <id> | replay-all
 */
import 'reflect-metadata';
import { runDeadLettersCommand } from '@fodmap/server';
import { insightsSchema } from './insights.schema';

runDeadLettersCommand(insightsSchema, process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
