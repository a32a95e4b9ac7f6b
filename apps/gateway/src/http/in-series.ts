import { RequestHandler } from 'express';

/**
 * Middlewares that every request passes through, one after another, as one layer of Express's router. Each layer a
 * request passes costs the router a match object, a callback and its bookkeeping (the router was about 10 % of the
 * gateway's time and 16 % of the bytes it allocated per request in the profiles of bench/gateway-overhead.mjs), so the
 * gateway's unconditional middlewares are one layer each group. Each handler's error, thrown or passed to `next`, or a
 * promise it returns rejecting, goes to Express's error handling as if it were a layer of its own; the rest of the
 * group is then skipped. Only for handlers mounted without a path that never call `next('route')` or `next('router')`.
 */
export function inSeries(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch((rejection: unknown) => step(rejection ?? new Error('Rejected promise')));
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}
