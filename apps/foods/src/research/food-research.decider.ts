import { domainEvents, FoodResearchCompletedV1, FoodResearchRequestedV1, FOODS, FoodsEvent } from '@fodmap/contracts';
import { Decider, newEvent, NewEvent } from '@fodmap/server';

/** A background food search (stream `food-research-<researchId>`): requested, then completed once. */
export type FoodResearchState = { status: 'absent' } | { status: 'requested' | 'completed'; request: FoodResearchRequestedV1 };

export type FoodResearchCommand = { type: 'Request'; request: FoodResearchRequestedV1 } | { type: 'Complete'; completed: FoodResearchCompletedV1 };

type ResearchEvent = Extract<FoodsEvent, { type: 'FoodResearchRequested' | 'FoodResearchCompleted' }>;

export const foodResearchStream = (researchId: string) => `food-research-${researchId}`;

function decide(command: FoodResearchCommand, state: FoodResearchState): Array<NewEvent<ResearchEvent>> {
  const events = domainEvents[FOODS];
  if (command.type === 'Request') {
    if (state.status !== 'absent') throw new Error(`${foodResearchStream(command.request.researchId)} was requested already`);
    return [newEvent(events, 'FoodResearchRequested', command.request)];
  }
  if (state.status === 'absent') throw new Error(`${foodResearchStream(command.completed.researchId)} was never requested`);
  // Completed by an earlier delivery that committed its append but not its checkpoint: nothing to add.
  if (state.status === 'completed') return [];
  return [newEvent(events, 'FoodResearchCompleted', command.completed)];
}

function evolve(state: FoodResearchState, event: FoodsEvent): FoodResearchState {
  switch (event.type) {
    case 'FoodResearchRequested':
      return { status: 'requested', request: event.data };
    case 'FoodResearchCompleted':
      return state.status === 'absent' ? state : { ...state, status: 'completed' };
    default:
      return state;
  }
}

export const foodResearchDecider: Decider<FoodResearchState, FoodResearchCommand, FoodsEvent> = { initialState: () => ({ status: 'absent' }), decide, evolve };
