import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import { Caller, DomainConfig, Rpc, SubscriptionStatus } from '@fodmap/contracts';
import { Request } from 'express';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

@Controller()
export class AccountController {
  constructor(private readonly services: ServiceClient) {}

  @Get('subscription-status')
  @UseGuards(SignedInGuard)
  subscriptionStatus(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<SubscriptionStatus> {
    return this.services.send(Rpc.identity.subscriptionStatus, { caller }, correlationId);
  }

  /** Branding for the host the browser asked for (spec §3 Domain config). */
  @Get('domain-config')
  domainConfig(@Req() req: Request): Promise<DomainConfig> {
    return this.services.send(Rpc.identity.domainConfig, { host: req.hostname }, req.correlationId);
  }
}
