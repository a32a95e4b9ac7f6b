import { CatalogueInfo, CatalogueReleaseNotes, ExportPage, Food, FoodSummary, Messages, Rpc, RpcParsed } from '@fodmap/contracts';
import { Handles, rpcFailure } from '@fodmap/server';
import { Controller } from '@nestjs/common';
import { FoodCatalogue } from '../catalogue/food-catalogue';
import { FoodsService } from './foods.service';

@Controller()
export class FoodsController {
  constructor(
    private readonly foods: FoodsService,
    private readonly catalogue: FoodCatalogue,
  ) {}

  @Handles(Rpc.foods.catalogue)
  catalogueInfo(): CatalogueInfo {
    return { version: this.catalogue.version, foodCount: this.catalogue.size, whatsNew: this.catalogue.whatsNewSummary };
  }

  @Handles(Rpc.foods.whatsNew)
  whatsNew(): CatalogueReleaseNotes {
    const notes = this.catalogue.whatsNew;
    if (!notes) throw rpcFailure(404, Messages.catalogueNotesNotFound);
    return notes;
  }

  @Handles(Rpc.foods.list)
  list({ caller, input }: RpcParsed<typeof Rpc.foods.list>): Promise<FoodSummary[]> {
    return this.foods.list(caller.userId, input);
  }

  @Handles(Rpc.foods.search)
  search({ caller, input }: RpcParsed<typeof Rpc.foods.search>): Promise<Food[]> {
    return this.foods.search(caller.userId, input.q);
  }

  @Handles(Rpc.foods.get)
  get({ caller, id }: RpcParsed<typeof Rpc.foods.get>): Promise<Food> {
    return this.foods.get(caller.userId, id);
  }

  @Handles(Rpc.foods.exportPrivate)
  exportPrivate({ caller, after }: RpcParsed<typeof Rpc.foods.exportPrivate>): Promise<ExportPage<Food, number>> {
    return this.foods.exportPage(caller.userId, after);
  }

  @Handles(Rpc.foods.quickAdd)
  quickAdd({ caller, input, idempotencyKey }: RpcParsed<typeof Rpc.foods.quickAdd>): Promise<Food> {
    return this.foods.quickAdd(caller.userId, input, idempotencyKey);
  }
}
