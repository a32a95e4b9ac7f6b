import { Messages } from '@fodmap/contracts';
import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { NatsContext, NatsRecord, NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders, MsgHdrs } from 'nats';
import { createHmac, createSecretKey, KeyObject, timingSafeEqual } from 'node:crypto';
import { SERVER_CONFIG, ServerConfig } from './config';
import { CORRELATION_HEADER, currentCausation } from './events/correlation';
import { currentTraceparent, TRACEPARENT } from './observability/tracing';
import { rpcFailure } from './rpc';

/** The NATS header that proves who sent a request's caller: `<unix ms>.<HMAC-SHA256 hex>`. */
export const CALLER_SIGNATURE_HEADER = 'X-Caller-Signature';
/** How old (or how far ahead) a signature may be: a captured request cannot be replayed for long. */
export const CALLER_SIGNATURE_MAX_AGE_MS = 60_000;

/** CALLER_SECRET as a key object, made once (a process has one secret): an HMAC keyed by a string prepares a new key each time. */
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

function mac(secret: string, subject: string, caller: unknown, at: number): string {
  return createHmac('sha256', keyOf(secret)).update(`${subject}\n${at}\n${JSON.stringify(caller)}`).digest('hex');
}

/** The signature of a request's caller on a subject (the whole subject, NATS prefix included) at `at`. */
export function signCaller(secret: string, subject: string, caller: unknown, at = Date.now()): string {
  return `${at}.${mac(secret, subject, caller, at)}`;
}

/** Whether `signature` is CALLER_SECRET's for this subject and caller, made within the last minute (either way). */
export function callerSignatureValid(secret: string, subject: string, caller: unknown, signature: string | undefined, now = Date.now()): boolean {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(signature ?? '');
  if (!match) return false;
  const at = Number(match[1]);
  if (Math.abs(now - at) > CALLER_SIGNATURE_MAX_AGE_MS) return false;
  return timingSafeEqual(Buffer.from(match[2], 'hex'), Buffer.from(mac(secret, subject, caller, at), 'hex'));
}

/**
 * A request as the gateway and the services send it: the correlation id as a header, the trace's traceparent when
 * tracing is on and, when the payload carries a caller, that caller signed with CALLER_SECRET, so that no other process
 * on NATS can act for someone.
 */
export function rpcRecord<T>(subject: string, payload: T, callerSecret: string, correlationId = currentCausation()?.correlationId): NatsRecord<T> | T {
  const caller = typeof payload === 'object' && payload !== null && 'caller' in payload ? payload.caller : undefined;
  const traceparent = currentTraceparent();
  if (!correlationId && caller === undefined && !traceparent) return payload;
  const h: MsgHdrs = natsHeaders();
  if (correlationId) h.set(CORRELATION_HEADER, correlationId);
  if (traceparent) h.set(TRACEPARENT, traceparent);
  if (caller !== undefined) h.set(CALLER_SIGNATURE_HEADER, signCaller(callerSecret, subject, caller));
  return new NatsRecordBuilder(payload).setHeaders(h).build();
}

/**
 * In front of every handler whose subject acts for a caller (`@Handles`): a request whose caller is not signed by
 * CALLER_SECRET, or signed more than a minute ago, is refused with 401 before anything reads it, and logged.
 */
@Injectable()
export class CallerSignatureGuard implements CanActivate {
  private readonly logger = new Logger('CallerSignature');

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const payload = context.switchToRpc().getData<{ caller?: unknown } | null>();
    const subject = nats.getSubject();
    const signature = nats.getHeaders?.()?.get(CALLER_SIGNATURE_HEADER) || undefined;
    if (callerSignatureValid(this.config.callerSecret, subject, payload?.caller, signature)) return true;
    this.logger.warn(`${subject}: refused a request whose caller is ${signature ? 'wrongly signed or stale' : 'unsigned'}`);
    throw rpcFailure(401, Messages.unauthorized);
  }
}
