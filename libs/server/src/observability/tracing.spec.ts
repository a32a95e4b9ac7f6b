import { afterAll, describe, expect, it } from '@jest/globals';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { contextOf, currentTraceparent, inSpan, SpanKind, startTracing, stopTracing, tracingEnabled } from './tracing';

describe('with tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('makes no span and carries no traceparent: the work just runs', async () => {
    await startTracing('journal', null);
    expect(tracingEnabled()).toBe(false);
    const seen = await inSpan('rpc journal.meal.create', SpanKind.SERVER, contextOf(undefined), {}, async (span) => ({ span, traceparent: currentTraceparent() }));
    expect(seen).toEqual({ span: null, traceparent: undefined });
  });
});

describe('with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  afterAll(() => stopTracing());

  it('continues one trace from the HTTP request through the RPC request, the stored event and the consumer', async () => {
    await startTracing('test', null, exporter);
    expect(tracingEnabled()).toBe(true);
    // Each hop hands on only the traceparent text, as the NATS header and the event's metadata carry it.
    await inSpan('POST /api/meals', SpanKind.SERVER, contextOf(undefined), {}, async () => {
      const header = currentTraceparent();
      expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      await inSpan('rpc journal.meal.create', SpanKind.SERVER, contextOf(header), {}, async () => {
        const stored = currentTraceparent();
        await new Promise((resolve) => setTimeout(resolve, 1));
        await inSpan('consume journal.MealCreated', SpanKind.CONSUMER, contextOf(stored), {}, async () => undefined);
      });
    });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name).sort()).toEqual(['POST /api/meals', 'consume journal.MealCreated', 'rpc journal.meal.create']);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
    const byName = Object.fromEntries(spans.map((span) => [span.name, span]));
    expect(byName['consume journal.MealCreated'].parentSpanContext?.spanId).toBe(byName['rpc journal.meal.create'].spanContext().spanId);
    expect(byName['rpc journal.meal.create'].parentSpanContext?.spanId).toBe(byName['POST /api/meals'].spanContext().spanId);
  });

  it('marks a span whose work threw as an error, and rethrows', async () => {
    exporter.reset();
    await expect(inSpan('rpc journal.meal.delete', SpanKind.SERVER, contextOf(undefined), {}, () => Promise.reject(new Error('Meal not found')))).rejects.toThrow('Meal not found');
    expect(exporter.getFinishedSpans()[0].status).toMatchObject({ code: 2, message: 'Meal not found' });
  });
});
