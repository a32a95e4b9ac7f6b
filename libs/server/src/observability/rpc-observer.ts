import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { CORRELATION_HEADER, saneCorrelationId, withCausation } from '../events/correlation';
import { rootLogger, userPseudonym } from './logger';
import { rpcHandlerDuration } from './metrics';
import { contextOf, inSpan, SpanKind, TRACEPARENT } from './tracing';

/** A subject without the run's prefix (`fodmap.journal.meal.create` → `journal.meal.create`): the label is the same in every run. */
export function subjectLabel(subject: string, natsPrefix: string): string {
  return subject.startsWith(`${natsPrefix}.`) ? subject.slice(natsPrefix.length + 1) : subject;
}

/**
 * Around every RPC handler of a service, the one interceptor its requests go through (each of Nest's costs an RxJS
 * pipeline and an AsyncResource per request): runs the handler inside the correlation id its request carried (or a new
 * one), which the events it appends and its log lines carry; records its duration by subject and outcome; logs one line
 * (subject, duration, outcome, the caller's pseudonym, and a failure's status) with the correlation id the gateway's
 * access line has; and continues the caller's trace in a span when tracing is on.
 */
@Injectable()
export class RpcObserver implements NestInterceptor {
  constructor(private readonly natsPrefix: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const nats = context.switchToRpc().getContext<NatsContext | undefined>();
    const subject = subjectLabel(nats?.getSubject?.() ?? 'unknown', this.natsPrefix);
    const payload = context.switchToRpc().getData<{ caller?: { userId?: number } } | null>();
    const headers = nats?.getHeaders?.();
    const parent = contextOf(headers?.get(TRACEPARENT));
    const correlationId = saneCorrelationId(headers?.get(CORRELATION_HEADER)) ?? randomUUID();
    const started = performance.now();
    const finish = (outcome: 'ok' | 'error', error?: unknown) => {
      const seconds = (performance.now() - started) / 1000;
      rpcHandlerDuration.observe({ subject, outcome }, seconds);
      const line = { subject, durationMs: Math.round(seconds * 10_000) / 10, outcome, user: userPseudonym(payload?.caller?.userId) };
      if (outcome === 'ok') rootLogger().info(line, 'rpc handled');
      else rootLogger().info({ ...line, status: statusOf(error) }, 'rpc failed');
    };
    return new Observable((subscriber) =>
      withCausation({ correlationId, causationId: null }, () => {
        void inSpan(`rpc ${subject}`, SpanKind.SERVER, parent, { 'messaging.system': 'nats', 'rpc.method': subject }, () =>
        new Promise<void>((settle, fail) => {
          next.handle().subscribe({
            next: (value) => subscriber.next(value),
            error: (error: unknown) => {
              finish('error', error);
              subscriber.error(error);
              fail(error);
            },
            complete: () => {
              finish('ok');
              subscriber.complete();
              settle();
            },
          });
        }),
      ).catch(() => undefined);
      }),
    );
  }
}

/** The status an RPC failure carries (`rpcFailure`), else 500. */
function statusOf(error: unknown): number {
  const body = typeof error === 'object' && error !== null && 'getError' in error && typeof error.getError === 'function' ? (error.getError() as unknown) : error;
  return typeof body === 'object' && body !== null && 'status' in body && typeof body.status === 'number' ? body.status : 500;
}
