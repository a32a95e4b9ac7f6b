import { Controller, Get, UseGuards } from '@nestjs/common';
import { Caller, DashboardStats, Rpc } from '@fodmap/contracts';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { CorrelationId } from '../http/request-id';
import { JournalReadCache } from '../journal/journal-read-cache';
import { ServiceClient } from '../services/service-client';

/** Spec §2 'Today's Overview': the caller's local today. */
@Controller('dashboard')
@UseGuards(SignedInGuard)
export class DashboardController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: JournalReadCache,
  ) {}

  @Get('stats')
  stats(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<DashboardStats> {
    return this.cache.read(caller, 'dashboard/stats', () => this.services.send(Rpc.journal.dashboardStats, { caller }, correlationId));
  }
}
