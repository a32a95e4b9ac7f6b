import { Body, Controller, Headers, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { Caller, createMealSchema, Meal, Rpc } from '@fodmap/contracts';
import { z } from 'zod';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyInterceptor } from '../http/idempotency.interceptor';
import { ZodBody } from '../http/zod-body.pipe';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

@Controller('meals')
@UseGuards(SignedInGuard)
export class MealsController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @UseInterceptors(IdempotencyInterceptor)
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(createMealSchema)) input: z.output<typeof createMealSchema>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.services.send(Rpc.journal.createMeal, { caller, input, idempotencyKey }, correlationId);
  }
}
