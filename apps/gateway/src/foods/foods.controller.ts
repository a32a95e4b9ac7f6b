import { Body, Controller, Get, Headers, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CatalogueInfo, CatalogueReleaseNotes, Caller, Food, foodListQuerySchema, foodSearchQuerySchema, FoodSummary, Messages, pathRecordId, quickAddFoodSchema, IDEMPOTENCY_KEY_HEADER, Rpc } from '@fodmap/contracts';
import { z } from 'zod';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { ZodBody } from '../http/zod-body.pipe';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

/** PostgreSQL integer ids; anything else is a 400 here rather than a 404 from the service. */
const foodIdParam = new ZodBody(pathRecordId(Messages.foodIdInvalid));

/** Spec §7 foods and quick-add-food. Routes are matched in the order declared: `foods/catalogue`, `foods/whats-new` and `foods/search` before `foods/:id`. */
@Controller()
@UseGuards(SignedInGuard)
export class FoodsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('foods')
  list(
    @CurrentCaller() caller: Caller,
    @Query(new ZodBody(foodListQuerySchema)) input: z.output<typeof foodListQuerySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<FoodSummary[]> {
    return this.services.send(Rpc.foods.list, { caller, input }, correlationId);
  }

  @Get('foods/catalogue')
  catalogue(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<CatalogueInfo> {
    return this.services.send(Rpc.foods.catalogue, { caller }, correlationId);
  }

  /** The whole note, apart from the catalogue info that Food Search reads on every visit: some 200 KB of JSON. */
  @Get('foods/whats-new')
  whatsNew(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<CatalogueReleaseNotes> {
    return this.services.send(Rpc.foods.whatsNew, { caller }, correlationId);
  }

  @Get('foods/search')
  search(
    @CurrentCaller() caller: Caller,
    @Query(new ZodBody(foodSearchQuerySchema)) input: z.output<typeof foodSearchQuerySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Food[]> {
    return this.services.send(Rpc.foods.search, { caller, input }, correlationId);
  }

  @Get('foods/:id')
  get(@CurrentCaller() caller: Caller, @Param('id', foodIdParam) id: number, @CorrelationId() correlationId: string): Promise<Food> {
    return this.services.send(Rpc.foods.get, { caller, id }, correlationId);
  }

  @Post('debug/quick-add-food')
  quickAdd(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(quickAddFoodSchema)) input: z.output<typeof quickAddFoodSchema>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Food> {
    return this.services.send(Rpc.foods.quickAdd, { caller, input, idempotencyKey }, correlationId);
  }
}
