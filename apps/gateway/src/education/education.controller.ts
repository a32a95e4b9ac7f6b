import { Controller, Get, UseGuards } from '@nestjs/common';
import { Caller, EducationItem, Rpc } from '@fodmap/contracts';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

/** Spec §7 GET /api/education: every article with its body and sources (the dashboard shows 2). */
@Controller('education')
@UseGuards(SignedInGuard)
export class EducationController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  list(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<EducationItem[]> {
    return this.services.send(Rpc.journal.education, { caller }, correlationId);
  }
}
