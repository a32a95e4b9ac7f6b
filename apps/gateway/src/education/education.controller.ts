import { Controller } from '@nestjs/common';
import { Caller, dashboardRoutes, EducationItem, Rpc } from '@fodmap/contracts';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

/** Spec §7 GET /api/education: every article with its body and sources (the dashboard shows 2). */
@Controller()
export class EducationController {
  constructor(private readonly services: ServiceClient) {}

  @Endpoint(dashboardRoutes.education)
  list(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<EducationItem[]> {
    return this.services.send(Rpc.journal.education, { caller }, correlationId);
  }
}
