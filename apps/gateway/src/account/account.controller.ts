import { Controller, Req } from '@nestjs/common';
import { Caller, DomainConfig, platformRoutes, Rpc, subscriptionRoutes, SubscriptionStatus } from '@fodmap/contracts';
import { Request } from 'express';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

@Controller()
export class AccountController {
  constructor(private readonly services: ServiceClient) {}

  @Endpoint(subscriptionRoutes.status)
  subscriptionStatus(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<SubscriptionStatus> {
    return this.services.send(Rpc.identity.subscriptionStatus, { caller }, correlationId);
  }

  /** Branding for the host the browser asked for (spec §3 Domain config). */
  @Endpoint(platformRoutes.domainConfig)
  domainConfig(@Req() req: Request): Promise<DomainConfig> {
    return this.services.send(Rpc.identity.domainConfig, { host: req.hostname }, req.correlationId);
  }
}
