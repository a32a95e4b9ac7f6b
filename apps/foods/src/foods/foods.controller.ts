import { CatalogueInfo, Food, FoodsRequests, FoodSummary, Rpc } from '@fodmap/contracts';
import { callerUserId, subject } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FoodCatalogue } from '../catalogue/food-catalogue';
import { foodId } from '../common/food-id';
import { FoodsService } from './foods.service';

// Payloads are typed as the gateway sends them but may be anything on the wire; the service validates every field.
type Incoming<Name extends keyof FoodsRequests> = Partial<FoodsRequests[Name]> | null;

@Controller()
export class FoodsController {
  constructor(
    private readonly foods: FoodsService,
    private readonly catalogue: FoodCatalogue,
  ) {}

  @MessagePattern(subject(Rpc.foods.catalogue))
  catalogueInfo(@Payload() payload: Incoming<'catalogue'>): CatalogueInfo {
    callerUserId(payload?.caller);
    return { version: this.catalogue.version, foodCount: this.catalogue.size };
  }

  @MessagePattern(subject(Rpc.foods.list))
  list(@Payload() payload: Incoming<'list'>): Promise<FoodSummary[]> {
    return this.foods.list(callerUserId(payload?.caller), payload?.input);
  }

  @MessagePattern(subject(Rpc.foods.search))
  search(@Payload() payload: Incoming<'search'>): Promise<Food[]> {
    return this.foods.search(callerUserId(payload?.caller), payload?.input);
  }

  @MessagePattern(subject(Rpc.foods.get))
  get(@Payload() payload: Incoming<'get'>): Promise<Food> {
    return this.foods.get(callerUserId(payload?.caller), foodId(payload?.id));
  }

  @MessagePattern(subject(Rpc.foods.quickAdd))
  quickAdd(@Payload() payload: Incoming<'quickAdd'>): Promise<Food> {
    return this.foods.quickAdd(callerUserId(payload?.caller), payload?.input);
  }
}
