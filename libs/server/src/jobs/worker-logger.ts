import { Logger as GraphileLogger } from 'graphile-worker';
import { rootLogger } from '../observability/logger';

/**
 * graphile-worker's warnings and errors as the process's JSON lines (pino), with its scope (the job's id and task); not
 * its line per job done, which 300 emails a second would flood.
 */
export function quietLogger(context: string): GraphileLogger {
  return new GraphileLogger((scope) => (level, message) => {
    // Its LogLevel is a const enum, which the tests' per-file compiler cannot inline: compared by value.
    const severity: string = level;
    if (severity !== 'error' && severity !== 'warning') return;
    const line = { context, ...(scope.jobId ? { jobId: scope.jobId } : {}), ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}) };
    if (severity === 'error') rootLogger().error(line, message);
    else rootLogger().warn(line, message);
  });
}
