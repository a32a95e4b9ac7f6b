import { Logger as GraphileLogger, LogLevel } from 'graphile-worker';
import { Logger } from '@nestjs/common';

/** graphile-worker's warnings and errors in the service's log; not its line per job done, which 300 emails a second would flood. */
export function quietLogger(scope: string): GraphileLogger {
  const logger = new Logger(scope);
  return new GraphileLogger(() => (level, message) => {
    if (level === LogLevel.ERROR) logger.error(message);
    else if (level === LogLevel.WARNING) logger.warn(message);
  });
}
