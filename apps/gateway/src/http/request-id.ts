import { saneCorrelationId, withCausation } from '@fodmap/server';
import { Express } from 'express';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Gives each request a correlation id: the client's X-Request-Id if it is plain and short, else a new one, echoed in
 * the response. Requests to services carry it as a NATS header (ServiceClient), so it reaches their events and emails.
 * Installed after the body parsers: their stream callbacks would not run inside the request's async context.
 */
export function useRequestIds(app: Express): void {
  app.use((req, res, next) => {
    const correlationId = saneCorrelationId(req.get(REQUEST_ID_HEADER)) ?? randomUUID();
    res.setHeader(REQUEST_ID_HEADER, correlationId);
    withCausation({ correlationId, causationId: null }, next);
  });
}
