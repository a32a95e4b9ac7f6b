import { Controller, Headers } from '@nestjs/common';
import { CatalogueInfo, CatalogueReleaseNotes, Caller, Food, foodRoutes, FoodSummary, IDEMPOTENCY_KEY_HEADER, ParsedBody, ParsedParams, ParsedQuery, Rpc } from '@fodmap/contracts';
import { CurrentCaller } from '../auth/signed-in.guard';
import { Endpoint, RouteBody, RouteParam, RouteQuery } from '../http/endpoint';
import { CorrelationId } from '../http/request-id';
import { ServiceClient } from '../services/service-client';

/** Spec §7 foods and quick-add-food. Routes are matched in the order declared: `foods/catalogue`, `foods/whats-new` and `foods/search` before `foods/:id`, whose
 * id is a PostgreSQL integer (anything else is a 400 here rather than a 404 from the service). */
@Controller()
export class FoodsController {
  constructor(private readonly services: ServiceClient) {}

  @Endpoint(foodRoutes.list)
  list(
    @CurrentCaller() caller: Caller,
    @RouteQuery(foodRoutes.list) input: ParsedQuery<typeof foodRoutes.list>,
    @CorrelationId() correlationId: string,
  ): Promise<FoodSummary[]> {
    return this.services.send(Rpc.foods.list, { caller, input }, correlationId);
  }

  @Endpoint(foodRoutes.catalogue)
  catalogue(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<CatalogueInfo> {
    return this.services.send(Rpc.foods.catalogue, { caller }, correlationId);
  }

  /** The whole note, apart from the catalogue info that Food Search reads on every visit: some 200 KB of JSON. */
  @Endpoint(foodRoutes.whatsNew)
  whatsNew(@CurrentCaller() caller: Caller, @CorrelationId() correlationId: string): Promise<CatalogueReleaseNotes> {
    return this.services.send(Rpc.foods.whatsNew, { caller }, correlationId);
  }

  @Endpoint(foodRoutes.search)
  search(
    @CurrentCaller() caller: Caller,
    @RouteQuery(foodRoutes.search) input: ParsedQuery<typeof foodRoutes.search>,
    @CorrelationId() correlationId: string,
  ): Promise<Food[]> {
    return this.services.send(Rpc.foods.search, { caller, input }, correlationId);
  }

  @Endpoint(foodRoutes.get)
  get(@CurrentCaller() caller: Caller, @RouteParam(foodRoutes.get, 'id') id: ParsedParams<typeof foodRoutes.get>['id'], @CorrelationId() correlationId: string): Promise<Food> {
    return this.services.send(Rpc.foods.get, { caller, id }, correlationId);
  }

  @Endpoint(foodRoutes.quickAdd)
  quickAdd(
    @CurrentCaller() caller: Caller,
    @RouteBody(foodRoutes.quickAdd) input: ParsedBody<typeof foodRoutes.quickAdd>,
    @Headers(IDEMPOTENCY_KEY_HEADER) idempotencyKey: string | undefined,
    @CorrelationId() correlationId: string,
  ): Promise<Food> {
    return this.services.send(Rpc.foods.quickAdd, { caller, input, idempotencyKey }, correlationId);
  }
}
