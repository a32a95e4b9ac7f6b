import { Controller, Header, Headers, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { Caller, IDEMPOTENCY_KEY_HEADER, Meal, mealRoutes, MessageReply, ParsedBody, ParsedParams, ParsedQuery, Rpc } from '@fodmap/contracts';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint, RouteBody, RouteParam, RouteQuery } from '../http/endpoint';
import { sendPage } from '../http/page-link';
import { CorrelationId } from '../http/request-id';
import { JournalWriteRate } from '../journal/journal-write-rate';
import { JournalReadCache, JSON_CONTENT_TYPE, JsonText } from '../journal/journal-read-cache';
import { ServiceClient } from '../services/service-client';

type MealId = ParsedParams<typeof mealRoutes.get>['id'];
type EntryId = ParsedParams<typeof mealRoutes.updateFood>['entryId'];

/**
 * Spec §7 meals, for the signed-in caller only: the journal answers 404 'Meal not found' for a meal of anyone else,
 * and 409 for a change to a completed or deleted meal.
 */
@Controller()
export class MealsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cache: JournalReadCache,
  ) {}

  /** With `foods`, the meal and all of them in one request, all or nothing (issue 18). */
  @UseGuards(JournalWriteRate)
  @Endpoint(mealRoutes.create)
  create(
    @CurrentCaller() caller: Caller,
    @RouteBody(mealRoutes.create) input: ParsedBody<typeof mealRoutes.create>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.createMeal, { caller, input, idempotencyKey }, correlationId));
  }

  /** A page of the meals newest first, or `?todayOnly=true` or `?date=YYYY-MM-DD` whole: days are the caller's own. One day's are cached. */
  @Endpoint(mealRoutes.list)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  async list(
    @CurrentCaller() caller: Caller,
    @RouteQuery(mealRoutes.list) input: ParsedQuery<typeof mealRoutes.list>,
    @CorrelationId() correlationId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<JsonText<Meal[]>> {
    const page = () => this.services.send(Rpc.journal.listMeals, { caller, input }, correlationId);
    const ask = async () => (await page()).items;
    if (input.todayOnly) return this.cache.read(caller, 'meals?todayOnly=true', ask);
    // A day is answered whole and cached; a page of the history is neither (the journal answers it by index).
    return input.date === undefined ? sendPage(res, mealRoutes.list, input.limit, await page()) : this.cache.read(caller, `meals?date=${input.date}`, ask);
  }

  /** A correction of time, type, name or notes, also of a completed meal (issue 18); one that changes nothing answers the meal. */
  @UseGuards(JournalWriteRate)
  @Endpoint(mealRoutes.update)
  update(
    @CurrentCaller() caller: Caller,
    @RouteParam(mealRoutes.update, 'id') mealId: MealId,
    @RouteBody(mealRoutes.update) input: ParsedBody<typeof mealRoutes.update>,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.updateMeal, { caller, mealId, input }, correlationId));
  }

  @Endpoint(mealRoutes.get)
  get(@CurrentCaller() caller: Caller, @RouteParam(mealRoutes.get, 'id') mealId: MealId, @CorrelationId() correlationId: string): Promise<Meal> {
    return this.services.send(Rpc.journal.getMeal, { caller, mealId }, correlationId);
  }

  /** 404 'Food not found' for a food the caller cannot see (another person's private food). */
  @UseGuards(JournalWriteRate)
  @Endpoint(mealRoutes.addFood)
  addFood(
    @CurrentCaller() caller: Caller,
    @RouteParam(mealRoutes.addFood, 'id') mealId: MealId,
    @RouteBody(mealRoutes.addFood) input: ParsedBody<typeof mealRoutes.addFood>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.addMealFood, { caller, mealId, input, idempotencyKey }, correlationId));
  }

  /** A correction of the amount eaten, also once the meal is completed (issue 18). */
  @UseGuards(JournalWriteRate)
  @Endpoint(mealRoutes.updateFood)
  updateFood(
    @CurrentCaller() caller: Caller,
    @RouteParam(mealRoutes.updateFood, 'id') mealId: MealId,
    @RouteParam(mealRoutes.updateFood, 'entryId') entryId: EntryId,
    @RouteBody(mealRoutes.updateFood) input: ParsedBody<typeof mealRoutes.updateFood>,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.updateMealFood, { caller, mealId, entryId, input }, correlationId));
  }

  @UseGuards(JournalWriteRate)
  @Endpoint(mealRoutes.removeFood)
  removeFood(
    @CurrentCaller() caller: Caller,
    @RouteParam(mealRoutes.removeFood, 'id') mealId: MealId,
    @RouteParam(mealRoutes.removeFood, 'entryId') entryId: EntryId,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.removeMealFood, { caller, mealId, entryId }, correlationId));
  }

  /** The body is empty (spec §7); completing a completed meal answers it unchanged. */
  @UseGuards(JournalWriteRate)
  @Endpoint(mealRoutes.complete)
  complete(@CurrentCaller() caller: Caller, @RouteParam(mealRoutes.complete, 'id') mealId: MealId, @CorrelationId() correlationId: string): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.completeMeal, { caller, mealId }, correlationId));
  }

  /** A new meal with the same name, type, foods and quantities, now unless `timestamp` says otherwise. */
  @UseGuards(JournalWriteRate)
  @Endpoint(mealRoutes.repeat)
  repeat(
    @CurrentCaller() caller: Caller,
    @RouteParam(mealRoutes.repeat, 'id') mealId: MealId,
    @RouteBody(mealRoutes.repeat) input: ParsedBody<typeof mealRoutes.repeat>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Meal> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.repeatMeal, { caller, mealId, input, idempotencyKey }, correlationId));
  }

  /** The meal's symptoms are kept, unlinked. */
  @UseGuards(JournalWriteRate)
  @Endpoint(mealRoutes.remove)
  remove(@CurrentCaller() caller: Caller, @RouteParam(mealRoutes.remove, 'id') mealId: MealId, @CorrelationId() correlationId: string): Promise<MessageReply> {
    return this.cache.write(caller.userId, () => this.services.send(Rpc.journal.deleteMeal, { caller, mealId }, correlationId));
  }
}
