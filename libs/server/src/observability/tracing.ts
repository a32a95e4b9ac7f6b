import { Context, context, propagation, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/** The W3C header (and event metadata field) a trace continues by. */
export const TRACEPARENT = 'traceparent';

let tracingOn = false;
let shutdownTracing: (() => Promise<void>) | null = null;

/** Whether this process exports spans: when not, no span is made and no traceparent is carried (see docs/operations.md). */
export function tracingEnabled(): boolean {
  return tracingOn;
}

/**
 * Starts OpenTelemetry's SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans batched to `<endpoint>/v1/traces` over
 * OTLP/HTTP, the W3C trace-context propagator, and the AsyncLocalStorage context manager that carries the current span
 * through awaits. Without an endpoint nothing is loaded and the API's tracer is the no-op one, so tracing costs a
 * boolean test per request. `exporter` replaces OTLP (tests collect spans in memory).
 */
export async function startTracing(service: string, endpoint: string | null, exporter?: SpanExporter): Promise<void> {
  if (tracingOn || (!endpoint && !exporter)) return;
  const [{ NodeTracerProvider }, { BatchSpanProcessor, SimpleSpanProcessor }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
  ]);
  let processor;
  if (exporter) processor = new SimpleSpanProcessor(exporter);
  else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processor = new BatchSpanProcessor(new OTLPTraceExporter({ url: `${(endpoint ?? '').replace(/\/$/, '')}/v1/traces` }));
  }
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ 'service.name': service }), spanProcessors: [processor] });
  provider.register();
  tracingOn = true;
  shutdownTracing = () => provider.shutdown();
}

/** Sends the spans still batched and stops the SDK: the last thing a process does before it exits. */
export async function stopTracing(): Promise<void> {
  const shutdown = shutdownTracing;
  shutdownTracing = null;
  tracingOn = false;
  await shutdown?.().catch(() => undefined);
  // The API's globals back to no-ops, so that tracing can be started again (the API refuses a second registration).
  trace.disable();
  context.disable();
  propagation.disable();
}

export function tracer() {
  return trace.getTracer('fodmap');
}

/** The current span's traceparent, to send with a request or store with an event; undefined when tracing is off. */
export function currentTraceparent(active: Context = context.active()): string | undefined {
  if (!tracingOn) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  return carrier[TRACEPARENT];
}

/** The context a received traceparent continues (the root context when there is none or it is malformed). */
export function contextOf(traceparent: string | undefined | null): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { [TRACEPARENT]: traceparent });
}

/**
 * Runs `work` in a new span, child of `parent`: ended when the work settles, marked an error when it throws. With
 * tracing off, `work` simply runs.
 */
export function inSpan<T>(name: string, kind: SpanKind, parent: Context, attributes: Record<string, string | number>, work: (span: Span | null) => Promise<T>): Promise<T> {
  if (!tracingOn) return work(null);
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

export { SpanKind };
