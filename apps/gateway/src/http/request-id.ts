import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { saneCorrelationId } from '@fodmap/server';
import { Request, RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by giveRequestIds on every request. */
    correlationId: string;
  }
}

/**
 * Gives each request a correlation id: the client's X-Request-Id if it is plain and short, else a new one, echoed in
 * the response. Handlers pass it to ServiceClient.send, which sends it as a NATS header, so it reaches the services'
 * events and emails. It travels as a value, not in an AsyncLocalStorage: in Node 20 the async hooks that storage turns
 * on cost the gateway about a tenth of its time per request (measured with bench/gateway-overhead.mjs).
 */
export const giveRequestIds: RequestHandler = (req, res, next) => {
  req.correlationId = saneCorrelationId(req.get(REQUEST_ID_HEADER)) ?? randomUUID();
  res.setHeader(REQUEST_ID_HEADER, req.correlationId);
  next();
};

/** The request's correlation id, for a handler to pass on to the services it asks. */
export const CorrelationId = createParamDecorator((_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<Request>().correlationId);
