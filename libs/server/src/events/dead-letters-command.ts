import { ServiceSchema, withServiceDatabase } from '../service-command';
import { DeadLetters } from './dead-letters';
import { Projection } from './projection';

export interface DeadLettersCommandOptions extends ServiceSchema {
  /** The service's consumer projections: a replay applies an event with their current handlers. */
  consumer: Projection[];
}

const USAGE = 'Usage: dead-letters.js list | replay <id> | replay-all';

/**
 * The body of a service's `dead-letters.js`: `node apps/<service>/dist/dead-letters.js list|replay <id>|replay-all`.
 * Prints JSON; the exit code is 1 when a replay failed (its letter stays, with the new error).
 */
export async function runDeadLettersCommand(options: DeadLettersCommandOptions, args: string[]): Promise<number> {
  const [command, id] = args;
  if (command !== 'list' && command !== 'replay-all' && !(command === 'replay' && /^\d+$/.test(id ?? ''))) {
    console.error(USAGE);
    return 1;
  }
  return withServiceDatabase(options, ['postgres'], async (dataSource) => {
    const letters = new DeadLetters(dataSource, options.consumer);
    if (command === 'list') {
      console.log(JSON.stringify(await letters.list(), null, 2));
      return 0;
    }
    const outcomes = command === 'replay' ? [await letters.replay(Number(id))] : await letters.replayAll();
    console.log(JSON.stringify(outcomes, null, 2));
    return outcomes.every((outcome) => outcome.replayed) ? 0 : 1;
  });
}
