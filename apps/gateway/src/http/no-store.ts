import { RequestHandler } from 'express';

/**
 * `Cache-Control: no-store` on every answer of a route, its refusals included: admin data and what a link or token
 * answered (410, 404 are cacheable by default) must never be served again from a browser or proxy cache.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
