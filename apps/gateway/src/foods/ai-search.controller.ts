import { AiSearchResult, aiSearchSchema, backgroundSearchSchema, Caller, MessageReply, Rpc } from '@fodmap/contracts';
import { Body, Controller, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { CorrelationId } from '../http/request-id';
import { ZodBody } from '../http/zod-body.pipe';
import { ServiceClient } from '../services/service-client';
import { AiSearchLimits } from './ai-search-limits';

/** Issue 11's AI food search (spec §7 ai-search, search-ai-background): signed in, validated, limited per person. */
@Controller()
@UseGuards(SignedInGuard)
export class AiSearchController {
  constructor(
    private readonly services: ServiceClient,
    private readonly limits: AiSearchLimits,
  ) {}

  @Post('ai-search')
  @HttpCode(HttpStatus.OK)
  async aiSearch(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(aiSearchSchema)) input: z.output<typeof aiSearchSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<AiSearchResult> {
    await this.limits.take(caller.userId);
    return this.services.send(Rpc.foods.aiSearch, { caller, input }, correlationId);
  }

  /** Queued: the person is emailed when it ends. */
  @Post('foods/search-ai-background')
  @HttpCode(HttpStatus.ACCEPTED)
  async background(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(backgroundSearchSchema)) input: z.output<typeof backgroundSearchSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<MessageReply> {
    await this.limits.take(caller.userId);
    return this.services.send(Rpc.foods.aiBackground, { caller, input }, correlationId);
  }
}
