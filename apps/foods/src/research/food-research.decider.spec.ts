import { FoodResearchCompletedV1, FoodResearchRequestedV1 } from '@fodmap/contracts';
import { describe, it } from '@jest/globals';
import { deciderSpecification } from '@fodmap/testing';
import { foodResearchDecider } from './food-research.decider';

const researchId = '6f1c7a52-2d5e-4d8a-9a43-0b7f3d8e1c11';
const request: FoodResearchRequestedV1 = { researchId, userId: 3, query: 'jackfruit', timeZone: 'UTC' };
const completed: FoodResearchCompletedV1 = { researchId, userId: 3, query: 'jackfruit', status: 'found', foodId: 12, foodName: 'Jackfruit' };
const research = deciderSpecification(foodResearchDecider);

describe('a background food search decides', () => {
  it('is requested once, then completed once', () => {
    research.given([]).when({ type: 'Request', request }).then([{ type: 'FoodResearchRequested', schemaVersion: 1, data: request }]);
    research.given([{ type: 'FoodResearchRequested', data: request }]).when({ type: 'Request', request }).thenFails(`food-research-${researchId} was requested already`);
    research.given([{ type: 'FoodResearchRequested', data: request }]).when({ type: 'Complete', completed }).then([{ type: 'FoodResearchCompleted', schemaVersion: 1, data: completed }]);
  });

  it('records nothing when a redelivery completes a search an earlier delivery completed, and refuses one never requested', () => {
    research
      .given([{ type: 'FoodResearchRequested', data: request }, { type: 'FoodResearchCompleted', data: completed }])
      .when({ type: 'Complete', completed: { ...completed, status: 'failed', foodId: null, foodName: null } })
      .then([]);
    research.given([]).when({ type: 'Complete', completed }).thenFails(`food-research-${researchId} was never requested`);
  });
});
