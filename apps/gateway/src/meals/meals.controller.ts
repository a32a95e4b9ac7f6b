import { Body, Controller, Headers, Post, UseGuards } from '@nestjs/common';
import { Caller, createMealSchema, Meal, IDEMPOTENCY_KEY_HEADER, Rpc } from '@fodmap/contracts';
import { z } from 'zod';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { ZodBody } from '../http/zod-body.pipe';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

@Controller('meals')
@UseGuards(SignedInGuard)
export class MealsController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(createMealSchema)) input: z.output<typeof createMealSchema>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.services.send(Rpc.journal.createMeal, { caller, input, idempotencyKey }, correlationId);
  }
}
