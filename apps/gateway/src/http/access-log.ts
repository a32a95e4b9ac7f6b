import { API_PREFIX } from '@fodmap/contracts';
import { contextOf, httpRequestDuration, rootLogger, SpanKind, tracer, tracingEnabled, userPseudonym } from '@fodmap/server';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { Request, RequestHandler } from 'express';

/**
 * The route a request matched, as the HTTP contract declares it (`/api/meals/:id`), never the raw URL, whose ids would
 * make a series per meal; a request no route took is `unmatched` under /api and `static` elsewhere (the SPAs' files).
 */
export function routeLabel(req: Request): string {
  const path: unknown = req.route?.path;
  if (typeof path === 'string') return req.baseUrl + path;
  return req.path.startsWith(API_PREFIX) ? 'unmatched' : 'static';
}

/**
 * Per request, when its response is finished: its duration in fodmap_http_request_duration_seconds by route, method and
 * status, and one access line (correlation id, route, status, duration, the person's pseudonym; never the URL's query,
 * the body or a header). With tracing on, the request is the trace's server span, continuing a traceparent the client
 * (or the ingress) sent. Installed right after the request ids, so it sees every request the gateway answers.
 */
export function requestObserver(): RequestHandler {
  const log = rootLogger();
  return (req, res, next) => {
    const started = performance.now();
    const span = tracingEnabled() ? tracer().startSpan(`HTTP ${req.method}`, { kind: SpanKind.SERVER }, contextOf(req.get('traceparent'))) : null;
    res.once('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = routeLabel(req);
      const status = res.statusCode;
      httpRequestDuration.observe({ method: req.method, route, status }, seconds);
      log.info(
        { correlationId: req.correlationId, method: req.method, route, status, durationMs: Math.round(seconds * 10_000) / 10, user: userPseudonym(req.user?.caller.userId) },
        'request',
      );
      if (span) {
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ 'http.request.method': req.method, 'http.route': route, 'http.response.status_code': status, 'fodmap.correlation_id': req.correlationId });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
    if (span) context.with(trace.setSpan(context.active(), span), next);
    else next();
  };
}
