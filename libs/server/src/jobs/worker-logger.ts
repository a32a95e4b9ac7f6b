import { Logger as GraphileLogger } from 'graphile-worker';
import { Logger } from '@nestjs/common';

/** graphile-worker's warnings and errors in the service's log; not its line per job done, which 300 emails a second would flood. */
export function quietLogger(scope: string): GraphileLogger {
  const logger = new Logger(scope);
  return new GraphileLogger(() => (level, message) => {
    // Its LogLevel is a const enum, which the tests' per-file compiler cannot inline: compared by value.
    const severity: string = level;
    if (severity === 'error') logger.error(message);
    else if (severity === 'warning') logger.warn(message);
  });
}
