/**
 * Rebuilds one of the journal's projections from its events table into fresh tables, then swaps them in:
 *   node apps/journal/dist/rebuild.js meals
 * Safe while the service runs: appends wait for the swap, readers see the old table until it commits.
 */
import 'reflect-metadata';
import { runRebuildCommand } from '@fodmap/server';
import { journalSchema } from './journal.schema';

runRebuildCommand(journalSchema, process.argv[2]).then(
  (result) => console.log(JSON.stringify(result)),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
