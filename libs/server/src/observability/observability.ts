import { LoggerService } from '@nestjs/common';
import { Logger } from 'pino';
import { ServerConfig } from '../config';
import { isDraining } from '../lifecycle/draining';
import { createLogger, nestLoggerFor, usePseudonymKey } from './logger';
import { collectProcessMetrics } from './metrics';
import { OpsServer, startOpsServer } from './ops-server';
import { readiness } from './readiness';
import { startTracing, stopTracing, tracingEnabled } from './tracing';

export interface Observability {
  logger: Logger;
  /** For Nest's `logger` option: Nest's lines and every `new Logger(context)` go through pino. */
  nestLogger: LoggerService;
  ops: OpsServer;
  /** Readiness's 'started' check turns true: the process serves. Until then /health/ready answers 503. */
  started(): void;
  /** Sends the last spans and closes the ops server: the last thing a process stops. */
  close(): Promise<void>;
}

/**
 * The one way every process (gateway and services) starts reporting on itself, before anything else it does: the JSON
 * logger, the process metrics, tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, and the ops server on METRICS_PORT,
 * whose liveness answers from the start and whose readiness waits for `started()` and the checks the parts register.
 */
export async function startObservability(service: string, config: ServerConfig): Promise<Observability> {
  usePseudonymKey(config.callerSecret);
  const logger = createLogger(service, config.observability);
  collectProcessMetrics();
  await startTracing(service, config.observability.otlpEndpoint);
  let serving = false;
  const unregisterStarted = readiness.register('started', () => serving);
  // From SIGTERM on the process is not ready (lifecycle/): Kubernetes stops routing to it while it finishes its work.
  const unregisterDraining = readiness.register('accepting', () => !isDraining());
  const ops = await startOpsServer(config.observability.metricsPort, readiness).catch((error: NodeJS.ErrnoException) => {
    // Two processes on one machine left at the default port: say which setting to change, in one line.
    logger.fatal({ err: error }, `The ops server cannot listen on METRICS_PORT ${config.observability.metricsPort} (${error.code ?? error.message}): give each process its own, or 0 for any free port.`);
    process.exit(1);
  });
  logger.info({ metricsPort: ops.port, tracing: tracingEnabled() }, `ops server on port ${ops.port} (/metrics, /health/live, /health/ready)`);
  return {
    logger,
    nestLogger: nestLoggerFor(logger),
    ops,
    started: () => {
      serving = true;
    },
    close: async () => {
      unregisterStarted();
      unregisterDraining();
      await stopTracing();
      await ops.close();
    },
  };
}
