import { Controller } from '@nestjs/common';
import { Caller, CorrelationEntry, GroupCorrelations, InsightsActivity, insightsRoutes, ParsedQuery, Rpc } from '@fodmap/contracts';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint, RouteQuery } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

// Spec §7: insights are read with no cache (no-store, as every route not `shared`: http/no-store.ts). The projections behind
// them are eventually consistent, so no journal write marks the moment an answer goes stale: nothing here is kept in
// Redis either.

/** Spec §7 Insights, the caller's own, on the caller's days (their time zone). */
@Controller()
export class InsightsController {
  constructor(private readonly services: ServiceClient) {}

  /** `?startDate&endDate` (at most a year and a day), or `?period` days (7 default) ending on endDate or today. */
  @Endpoint(insightsRoutes.activity)
  activity(
    @CurrentCaller() caller: Caller,
    @RouteQuery(insightsRoutes.activity) input: ParsedQuery<typeof insightsRoutes.activity>,
    @CorrelationId() correlationId: string,
  ): Promise<InsightsActivity> {
    return this.services.send(Rpc.insights.activity, { caller, input }, correlationId);
  }

  /** Foods ranked by evidence, strongest first, over `?period` days (30 default) ending now. */
  @Endpoint(insightsRoutes.correlation)
  correlation(
    @CurrentCaller() caller: Caller,
    @RouteQuery(insightsRoutes.correlation) input: ParsedQuery<typeof insightsRoutes.correlation>,
    @CorrelationId() correlationId: string,
  ): Promise<CorrelationEntry[]> {
    return this.services.send(Rpc.insights.correlation, { caller, input }, correlationId);
  }

  /** The symptom rate after meals exposed to each FODMAP group (and other trigger), same period and window. */
  @Endpoint(insightsRoutes.fodmapGroups)
  fodmapGroups(
    @CurrentCaller() caller: Caller,
    @RouteQuery(insightsRoutes.fodmapGroups) input: ParsedQuery<typeof insightsRoutes.fodmapGroups>,
    @CorrelationId() correlationId: string,
  ): Promise<GroupCorrelations> {
    return this.services.send(Rpc.insights.fodmapGroups, { caller, input }, correlationId);
  }
}
