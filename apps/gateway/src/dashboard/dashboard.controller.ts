import { Controller, Header } from '@nestjs/common';
import { Caller, DashboardStats, dashboardRoutes, Rpc } from '@fodmap/contracts';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { JournalReadCache, JSON_CONTENT_TYPE, JsonText } from '../journal/journal-read-cache';
import { ServiceClient } from '../services/service-client';

/** Spec §2 'Today's Overview': the caller's local today. */
@Controller()
export class DashboardController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: JournalReadCache,
  ) {}

  @Endpoint(dashboardRoutes.stats)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  stats(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<JsonText<DashboardStats>> {
    return this.cache.read(caller, 'dashboard/stats', () => this.services.send(Rpc.journal.dashboardStats, { caller }, correlationId));
  }
}
