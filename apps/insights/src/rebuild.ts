/**
 * Rebuilds one of the insights projections from the JetStream event stream (sequence 1 on) into fresh tables,
 * then swaps them in; today there is one, journal_history (meals, meal_foods, symptoms):
 *   node apps/insights/dist/rebuild.js journal_history
 * Safe while the service runs: its processor waits for the swap, readers see the old table until it commits.
 * It prints the RebuildResult; events / seconds is the replay's speed (journal_history: see libs/server rebuild.ts).
 */
import 'reflect-metadata';
import { runRebuildCommand } from '@fodmap/server';
import { insightsSchema } from './insights.schema';

runRebuildCommand(insightsSchema, process.argv[2]).then(
  (result) => console.log(JSON.stringify(result)),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
