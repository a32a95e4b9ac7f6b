import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { Caller, CreateSubscriptionReply, Rpc, SubscriptionStatus } from '@fodmap/contracts';
import { Request } from 'express';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';
import { SubscriptionStatusCache } from './subscription-status-cache';

/** Stripe POSTs its events here; main.ts keeps this path's body raw (the signature covers the exact bytes). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

@Controller()
export class SubscriptionController {
  constructor(
    private readonly services: ServiceClient,
    private readonly statuses: SubscriptionStatusCache,
  ) {}

  @Post('create-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  create(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<CreateSubscriptionReply> {
    return this.services.send(Rpc.identity.createSubscription, { caller }, correlationId);
  }

  @Post('cancel-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async cancel(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<SubscriptionStatus> {
    const status = await this.services.send(Rpc.identity.cancelSubscription, { caller }, correlationId);
    return this.statuses.remember(caller.userId, status);
  }

  /** Identity verifies the signature; whatever it changed, the gate asks again. */
  @Post('stripe/webhook')
  @HttpCode(200)
  async webhook(@Req() req: Request, @CorrelationId() correlationId: string): Promise<{ received: true }> {
    const payload = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const signature = req.header('stripe-signature') ?? '';
    const reply = await this.services.send(Rpc.identity.stripeWebhook, { payload, signature }, correlationId);
    this.statuses.clear();
    return reply;
  }
}
