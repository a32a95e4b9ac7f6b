import { AiSearchResult, Caller, foodRoutes, MessageReply, ParsedBody, Rpc } from '@fodmap/contracts';
import { Controller } from '@nestjs/common';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint, RouteBody } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';
import { AiSearchLimits } from './ai-search-limits';

/** Issue 11's AI food search (spec §7 ai-search, search-ai-background): signed in, validated, limited per person. */
@Controller()
export class AiSearchController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: AiSearchLimits,
  ) {}

  @Endpoint(foodRoutes.aiSearch)
  async aiSearch(
    @CurrentCaller() caller: Caller,
    @RouteBody(foodRoutes.aiSearch) input: ParsedBody<typeof foodRoutes.aiSearch>,
    @CorrelationId() correlationId: string,
  ): Promise<AiSearchResult> {
    await this.limits.take(caller.userId);
    return this.services.send(Rpc.foods.aiSearch, { caller, input }, correlationId);
  }

  /** Queued: the person is emailed when it ends. */
  @Endpoint(foodRoutes.backgroundSearch)
  async background(
    @CurrentCaller() caller: Caller,
    @RouteBody(foodRoutes.backgroundSearch) input: ParsedBody<typeof foodRoutes.backgroundSearch>,
    @CorrelationId() correlationId: string,
  ): Promise<MessageReply> {
    await this.limits.take(caller.userId);
    return this.services.send(Rpc.foods.aiBackground, { caller, input }, correlationId);
  }
}
