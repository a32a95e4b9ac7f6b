import { Logger } from '@nestjs/common';
import { startDraining } from './draining';

const logger = new Logger('Shutdown');

/**
 * The one way every process shuts down. On SIGTERM (Kubernetes, `docker stop`) or SIGINT (Ctrl-C) it starts draining,
 * then runs `stop`, which finishes what the process holds and closes its connections; the process exits 0 when `stop`
 * ends within `graceMs`, else 1 with a line saying so (Kubernetes would SIGKILL it a few seconds later anyway; the work
 * it still held is redelivered: an RPC is retried by its caller, an unacked event and a claimed job go to another
 * replica). A second signal during the drain is ignored: the grace period decides.
 */
export function stopOnSignals(name: string, graceMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    logger.log(`${name}: ${signal}, draining (grace ${graceMs} ms)`);
    startDraining();
    const timer = setTimeout(() => {
      logger.error(`${name}: still busy ${graceMs} ms after ${signal}; exiting with work unfinished`);
      process.exit(1);
    }, graceMs);
    stop().then(
      () => {
        clearTimeout(timer);
        logger.log(`${name}: stopped cleanly in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        logger.error(`${name}: shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
}
