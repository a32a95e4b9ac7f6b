import { domainEvents, FoodCreatedV1, FOODS, FoodsEvent } from '@fodmap/contracts';
import { Decider, newEvent, NewEvent } from '@fodmap/server';

/** A private food (stream `food-<id>`): created once, by its owner. */
export type PrivateFoodState = { status: 'absent' } | { status: 'created'; food: FoodCreatedV1 };

export interface CreatePrivateFood {
  type: 'Create';
  food: FoodCreatedV1;
}

function decide(command: CreatePrivateFood, state: PrivateFoodState): Array<NewEvent<Extract<FoodsEvent, { type: 'FoodCreated' }>>> {
  if (state.status !== 'absent') throw new Error(`food-${command.food.foodId} was created already`);
  return [newEvent(domainEvents[FOODS], 'FoodCreated', command.food)];
}

function evolve(state: PrivateFoodState, event: FoodsEvent): PrivateFoodState {
  return event.type === 'FoodCreated' ? { status: 'created', food: event.data } : state;
}

export const privateFoodDecider: Decider<PrivateFoodState, CreatePrivateFood, FoodsEvent> = { initialState: () => ({ status: 'absent' }), decide, evolve };
