import { contractRoutes, Rpc, subscriptionAllowsWrites, SubscriptionMessages } from '@fodmap/contracts';
import { RequestHandler } from 'express';
import { matchesRoutes } from '../http/contract-paths';
import { sendError } from '../http/json-exception.filter';
import { ServiceClient } from '../services/service-client';
import { SubscriptionStatusCache } from './subscription-status-cache';

/**
 * What an expired trial or subscription may no longer do (issue 11, docs/how-it-works.md 'Subscriptions'): the contract's `gated`
 * routes (creating or correcting meals and symptoms, insights, AI searches). Reading, deleting and exporting one's own
 * data are never gated. Matched as Express routes them (contract-paths.ts).
 */
export const isGated = matchesRoutes(contractRoutes().map(({ route }) => route).filter((route) => route.gated));

/** 402 with SubscriptionMessages.expiredGated on a gated route for an expired account; visitors go on to their 401. */
export function subscriptionGate(services: ServiceClient, cache: SubscriptionStatusCache): RequestHandler {
  return (req, res, next) => {
    const caller = req.user?.caller;
    if (!caller || !isGated(req.method, req.path)) return next();
    const cached = cache.get(caller.userId);
    const status = cached
      ? Promise.resolve(cached)
      : services.send(Rpc.identity.subscriptionStatus, { caller }, req.correlationId).then((fresh) => cache.remember(caller.userId, fresh));
    status.then(
      (current) => (subscriptionAllowsWrites(current) ? next() : void res.status(402).json({ message: SubscriptionMessages.expiredGated })),
      (error: unknown) => sendError(res, error),
    );
  };
}
