import { Caller, FoodSnapshot, foodSnapshotOf, Rpc } from '@fodmap/contracts';
import { ServiceRequester } from '@fodmap/server';
import { Injectable } from '@nestjs/common';

/** Takes foods from the foods service as the caller sees them now: a private food only for its owner. */
@Injectable()
export class FoodSnapshots {
  constructor(private readonly requester: ServiceRequester) {}

  /** 404 'Food not found' from the foods service passes through as the caller's answer. */
  async take(caller: Caller, foodId: number): Promise<FoodSnapshot> {
    return foodSnapshotOf(await this.requester.send(Rpc.foods.get, { caller, id: foodId }));
  }
}
