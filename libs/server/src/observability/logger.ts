import { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { createHmac } from 'node:crypto';
import pino, { Logger, LoggerOptions } from 'pino';
import { ObservabilityConfig } from '../config';
import { currentCausation } from '../events/correlation';

/**
 * Fields a log line may carry that hold a secret or a person's data: replaced by '[redacted]' at the top of a line's
 * object or inside the containers a caller might log whole (`headers`, `body`, `payload`). Named paths, not wildcards:
 * pino compiles them, while a wildcard walks every object logged and made the access line several times dearer.
 */
export const REDACTED_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'email', 'to', 'recipient', 'cookie', 'authorization', 'set-cookie', 'secret', 'apiKey'];
const REDACT_CONTAINERS = ['', 'headers', 'body', 'payload'];
const REDACT_PATHS = REDACT_CONTAINERS.flatMap((container) =>
  REDACTED_FIELDS.map((field) => (/^\w+$/.test(field) ? (container ? `${container}.${field}` : field) : `${container}["${field}"]`)),
);

/** An email address in a message's text: a log line never carries one, whoever wrote the message. */
const EMAIL_ADDRESS = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g;

function scrubbed(value: unknown): unknown {
  return typeof value === 'string' && value.includes('@') ? value.replace(EMAIL_ADDRESS, '[email]') : value;
}

let pseudonymKey: Buffer | null = null;

/**
 * A person's id as logs carry it: the first 16 hex digits of an HMAC-SHA256 keyed from CALLER_SECRET (which every
 * process shares, so the same person has the same pseudonym in every process's lines and can be followed across them),
 * never the id itself, which would name the person to whoever reads the logs and the database.
 */
export function userPseudonym(userId: number | string | null | undefined): string | undefined {
  if (userId === null || userId === undefined || pseudonymKey === null) return undefined;
  const key = String(userId);
  let pseudonym = pseudonyms.get(key);
  if (pseudonym === undefined) {
    // An HMAC costs about as much as the rest of an access line: the people active now are remembered.
    if (pseudonyms.size >= PSEUDONYMS_KEPT) pseudonyms.clear();
    pseudonym = createHmac('sha256', pseudonymKey).update(key).digest('hex').slice(0, 16);
    pseudonyms.set(key, pseudonym);
  }
  return pseudonym;
}

const PSEUDONYMS_KEPT = 10_000;
const pseudonyms = new Map<string, string>();

/** Keys the pseudonyms with a key of their own, derived from CALLER_SECRET, so a pseudonym reveals nothing of the secret's other uses. */
export function usePseudonymKey(callerSecret: string): void {
  pseudonymKey = createHmac('sha256', callerSecret).update('fodmap log pseudonyms').digest();
  pseudonyms.clear();
}

/**
 * The process's pino logger: one JSON line per entry, with the service's name, the time (ISO), the level as a word, the
 * correlation id of the work in progress (RPC handler, consumer, job: correlation.ts) and never a secret or an email
 * address. LOG_FORMAT=pretty prints pino-pretty's text instead, for a person at a terminal: pino-pretty is a development
 * dependency, loaded only then.
 */
export function createLogger(service: string, config: Pick<ObservabilityConfig, 'logLevel' | 'logFormat'>, destination?: pino.DestinationStream): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: () => {
      const causation = currentCausation();
      return causation ? { correlationId: causation.correlationId } : {};
    },
    hooks: {
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) args[i] = scrubbed(args[i]) as never;
        const object = args[0] as unknown;
        if (typeof object === 'object' && object !== null && 'err' in object && object.err instanceof Error) object.err.message = scrubbed(object.err.message) as string;
        method.apply(this, args);
      },
    },
  };
  if (destination) return (processLogger = pino(options, destination));
  if (config.logFormat === 'pretty') {
    if (prettyAvailable()) {
      return (processLogger = pino(options, pino.transport({ target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } })));
    }
    processLogger = pino(options, batchedStdout());
    processLogger.warn('LOG_FORMAT=pretty needs pino-pretty, a development dependency this installation lacks: logging JSON');
    return processLogger;
  }
  return (processLogger = pino(options, batchedStdout()));
}

/**
 * Standard output, with the lines of one turn of the event loop written together: a write to a pipe is a system call
 * each, and one per access line was about 3 % of the gateway's time per request (bench/gateway-overhead.mjs's profile).
 * The lines still go through process.stdout.write (synchronous for a pipe or file on Linux), where a test that reads what
 * a process logs listens, within a turn of being logged; and whatever is pending is written on exit, `process.exit()`
 * included (stopOnSignals), so no line is lost.
 */
function batchedStdout(): pino.DestinationStream {
  if (stdoutBatch) return stdoutBatch;
  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    if (text) process.stdout.write(text);
  };
  process.once('exit', flush);
  stdoutBatch = {
    write(line: string) {
      if (pending === '') setImmediate(flush);
      pending += line;
    },
  };
  return stdoutBatch;
}

let stdoutBatch: pino.DestinationStream | null = null;

let processLogger: Logger | null = null;

function prettyAvailable(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** The logger createLogger made for this process; before it (a command, a unit test) one at info level on stdout. */
export function rootLogger(): Logger {
  processLogger ??= createLogger('fodmap', { logLevel: 'info', logFormat: 'json' });
  return processLogger;
}

/** Nest's logger (every `new Logger(context)` of the code, and Nest's own lines) writing through `root`: nestjs-pino's adapter. */
export function nestLoggerFor(root: Logger): LoggerService {
  return new NestPinoLogger(new PinoLogger({ pinoHttp: { logger: root } }), {});
}
