import { Controller, Req } from '@nestjs/common';
import { Caller, CreateSubscriptionReply, Rpc, subscriptionRoutes, SubscriptionStatus } from '@fodmap/contracts';
import { Request } from 'express';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';
import { SubscriptionStatusCache } from './subscription-status-cache';

@Controller()
export class SubscriptionController {
  constructor(
    private readonly services: ServiceClient,
    private readonly statuses: SubscriptionStatusCache,
  ) {}

  @Endpoint(subscriptionRoutes.create)
  create(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<CreateSubscriptionReply> {
    return this.services.send(Rpc.identity.createSubscription, { caller }, correlationId);
  }

  @Endpoint(subscriptionRoutes.cancel)
  async cancel(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<SubscriptionStatus> {
    const status = await this.services.send(Rpc.identity.cancelSubscription, { caller }, correlationId);
    return this.statuses.remember(caller.userId, status);
  }

  /** Identity verifies the signature (main.ts keeps this path's body raw: it covers the exact bytes); whatever it changed, the gate asks again. */
  @Endpoint(subscriptionRoutes.stripeWebhook)
  async webhook(@Req() req: Request, @CorrelationId() correlationId: string): Promise<{ received: true }> {
    const payload = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const signature = req.header('stripe-signature') ?? '';
    const reply = await this.services.send(Rpc.identity.stripeWebhook, { payload, signature }, correlationId);
    this.statuses.clear();
    return reply;
  }
}
