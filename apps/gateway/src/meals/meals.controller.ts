import { Body, Controller, Delete, Get, Header, Headers, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  addMealFoodSchema,
  Caller,
  createMealSchema,
  IDEMPOTENCY_KEY_HEADER,
  Meal,
  mealListQuerySchema,
  MessageReply,
  JournalMessages,
  pathRecordId,
  repeatMealSchema,
  Rpc,
  updateMealFoodSchema,
  updateMealSchema,
} from '@fodmap/contracts';
import { z } from 'zod';
import { CurrentCaller, SignedInGuard } from '../auth/signed-in.guard';
import { ZodBody } from '../http/zod-body.pipe';
import { CorrelationId } from '../http/request-id';
import { JournalReadCache, JSON_CONTENT_TYPE, jsonText, JsonText } from '../journal/journal-read-cache';
import { ServiceClient } from '../services/service-client';

const mealIdParam = new ZodBody(pathRecordId(JournalMessages.mealIdInvalid));
const entryIdParam = new ZodBody(pathRecordId(JournalMessages.mealEntryIdInvalid));

/**
 * Spec §7 meals, for the signed-in caller only: the journal answers 404 'Meal not found' for a meal of anyone else,
 * and 409 for a change to a completed or deleted meal.
 */
@Controller('meals')
@UseGuards(SignedInGuard)
export class MealsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: JournalReadCache,
  ) {}

  /** With `foods`, the meal and all of them in one request, all or nothing (issue 18). */
  @Post()
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ZodBody(createMealSchema)) input: z.output<typeof createMealSchema>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.createMeal, { caller, input, idempotencyKey }, correlationId));
  }

  /** Every meal newest first, `?todayOnly=true` or `?date=YYYY-MM-DD`: days are the caller's own. One day's are cached. */
  @Get()
  @Header('Content-Type', JSON_CONTENT_TYPE)
  async list(
    @CurrentCaller() caller: Caller,
    @Query(new ZodBody(mealListQuerySchema)) input: z.output<typeof mealListQuerySchema>,
    @CorrelationId() correlationId: string,
  ): Promise<JsonText<Meal[]>> {
    const ask = () => this.services.send(Rpc.journal.listMeals, { caller, input }, correlationId);
    if (input.todayOnly) return this.cache.read(caller, 'meals?todayOnly=true', ask);
    return input.date === undefined ? jsonText(await ask()) : this.cache.read(caller, `meals?date=${input.date}`, ask);
  }

  /** A correction of time, type, name or notes, also of a completed meal (issue 18); one that changes nothing answers the meal. */
  @Patch(':id')
  update(
    @CurrentCaller() caller: Caller,
    @Param('id', mealIdParam) mealId: number,
    @Body(new ZodBody(updateMealSchema)) input: z.output<typeof updateMealSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.updateMeal, { caller, mealId, input }, correlationId));
  }

  @Get(':id')
  get(@CurrentCaller() caller: Caller, @Param('id', mealIdParam) mealId: number, @CorrelationId() correlationId: string): Promise<Meal> {
    return this.services.send(Rpc.journal.getMeal, { caller, mealId }, correlationId);
  }

  /** 404 'Food not found' for a food the caller cannot see (another person's private food). */
  @Post(':id/foods')
  addFood(
    @CurrentCaller() caller: Caller,
    @Param('id', mealIdParam) mealId: number,
    @Body(new ZodBody(addMealFoodSchema)) input: z.output<typeof addMealFoodSchema>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.addMealFood, { caller, mealId, input, idempotencyKey }, correlationId));
  }

  /** A correction of the amount eaten, also once the meal is completed (issue 18). */
  @Patch(':id/foods/:entryId')
  updateFood(
    @CurrentCaller() caller: Caller,
    @Param('id', mealIdParam) mealId: number,
    @Param('entryId', entryIdParam) entryId: number,
    @Body(new ZodBody(updateMealFoodSchema)) input: z.output<typeof updateMealFoodSchema>,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.updateMealFood, { caller, mealId, entryId, input }, correlationId));
  }

  @Delete(':id/foods/:entryId')
  removeFood(
    @CurrentCaller() caller: Caller,
    @Param('id', mealIdParam) mealId: number,
    @Param('entryId', entryIdParam) entryId: number,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.removeMealFood, { caller, mealId, entryId }, correlationId));
  }

  /** The body is empty (spec §7); completing a completed meal answers it unchanged. */
  @Patch(':id/complete')
  complete(@CurrentCaller() caller: Caller, @Param('id', mealIdParam) mealId: number, @CorrelationId() correlationId: string): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.completeMeal, { caller, mealId }, correlationId));
  }

  /** A new meal with the same name, type, foods and quantities, now unless `timestamp` says otherwise. */
  @Post(':id/repeat')
  repeat(
    @CurrentCaller() caller: Caller,
    @Param('id', mealIdParam) mealId: number,
    @Body(new ZodBody(repeatMealSchema)) input: z.output<typeof repeatMealSchema>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.repeatMeal, { caller, mealId, input, idempotencyKey }, correlationId));
  }

  /** The meal's symptoms are kept, unlinked. */
  @Delete(':id')
  remove(@CurrentCaller() caller: Caller, @Param('id', mealIdParam) mealId: number, @CorrelationId() correlationId: string): Promise<MessageReply> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.deleteMeal, { caller, mealId }, correlationId));
  }
}
