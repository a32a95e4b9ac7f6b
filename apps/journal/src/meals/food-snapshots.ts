import { Caller, Food, FoodSnapshot, oligoGroupOf, Rpc } from '@fodmap/contracts';
import { ServiceRequester } from '@fodmap/server';
import { Injectable } from '@nestjs/common';

/** What of a food the journal keeps with each entry: enough for every score and for insights, never rewritten later. */
export function snapshotOf(food: Food): FoodSnapshot {
  return {
    id: food.id,
    name: food.name,
    fodmapRating: food.fodmapRating,
    servingSize: food.servingSize,
    servingGrams: food.servingGrams,
    caloriesPerServing: food.caloriesPerServing,
    foodType: food.foodType,
    oligoGroup: oligoGroupOf(food),
    ibsTriggerType: food.ibsTriggerType,
    fructans: food.fructans,
    galactans: food.galactans,
    excessFructose: food.excessFructose,
    sorbitol: food.sorbitol,
    mannitol: food.mannitol,
    xylitol: food.xylitol,
    lactose: food.lactose,
  };
}

/** Takes foods from the foods service as the caller sees them now: a private food only for its owner. */
@Injectable()
export class FoodSnapshots {
  constructor(private readonly requester: ServiceRequester) {}

  /** 404 'Food not found' from the foods service passes through as the caller's answer. */
  async take(caller: Caller, foodId: number): Promise<FoodSnapshot> {
    return snapshotOf(await this.requester.send(Rpc.foods.get, { caller, id: foodId }));
  }
}
