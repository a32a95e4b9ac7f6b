import { contractRoutes } from '@fodmap/contracts';
import { RequestHandler } from 'express';
import { matchesRoutes } from './contract-paths';

/** The routes whose answer is the same for everyone (the contract's `shared`): a browser may keep them. */
const isShared = matchesRoutes(contractRoutes().map(({ route }) => route).filter((route) => route.shared));

/**
 * `Cache-Control: no-store` on every /api answer but a `shared` route's, set before anything answers, so that refusals
 * (401, 403, 404, 410, a 429) carry it as the data does: a person's data, an admin's, and what a link or token
 * answered are never served again from a browser or proxy cache. Mounted at API_PREFIX. A handler that may be kept
 * sets its own (a photo for its owner: `private`; the API reference page).
 */
export const noStore: RequestHandler = (req, res, next) => {
  if (!isShared(req.method, req.baseUrl + req.path)) res.setHeader('Cache-Control', 'no-store');
  next();
};
