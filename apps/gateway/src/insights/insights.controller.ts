import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { activityQuerySchema, Caller, correlationQuerySchema, CorrelationEntry, GroupCorrelations, InsightsActivity, Rpc } from '@fodmap/contracts';
import { z } from 'zod';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { CorrelationId } from '../http/request-id';
import { ZodBody } from '../http/zod-body.pipe';
import { ServiceClient } from '../services/service-client';

// Spec §7: insights are read with no cache. The projections behind them are eventually consistent, so no journal write
// marks the moment an answer goes stale: nothing here is kept in Redis either.
const NO_STORE = 'no-store';

/** Spec §7 Insights, the caller's own, on the caller's days (their time zone). */
@Controller('insights')
@UseGuards(SignedInGuard)
export class InsightsController {
  constructor(private readonly services: ServiceClient) {}

  /** `?startDate&endDate` (at most a year and a day), or `?period` days (7 default) ending on endDate or today. */
  @Get('activity')
  @Header('Cache-Control', NO_STORE)
  activity(
    @CurrentCaller() caller: Caller,
    @Query(new ZodBody(activityQuerySchema)) input: z.output<typeof activityQuerySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<InsightsActivity> {
    return this.services.send(Rpc.insights.activity, { caller, input }, correlationId);
  }

  /** Foods ranked by evidence, strongest first, over `?period` days (30 default) ending now. */
  @Get('correlation')
  @Header('Cache-Control', NO_STORE)
  correlation(
    @CurrentCaller() caller: Caller,
    @Query(new ZodBody(correlationQuerySchema)) input: z.output<typeof correlationQuerySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<CorrelationEntry[]> {
    return this.services.send(Rpc.insights.correlation, { caller, input }, correlationId);
  }

  /** The symptom rate after meals exposed to each FODMAP group (and other trigger), same period and window. */
  @Get('fodmap-groups')
  @Header('Cache-Control', NO_STORE)
  fodmapGroups(
    @CurrentCaller() caller: Caller,
    @Query(new ZodBody(correlationQuerySchema)) input: z.output<typeof correlationQuerySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<GroupCorrelations> {
    return this.services.send(Rpc.insights.fodmapGroups, { caller, input }, correlationId);
  }
}
