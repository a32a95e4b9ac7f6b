import { UNMEASURED_COMPONENTS, type Food } from '@fodmap/contracts';

/** A catalogue food with nothing measured and no triggers; tests override what they are about. */
export function aFood(overrides: Partial<Food> = {}): Food {
  return {
    id: 1,
    name: 'Test food',
    description: null,
    servingSize: '1 serving (100 g)',
    servingGrams: 100,
    caloriesPerServing: 50,
    fodmapRating: 'unknown',
    foodType: 'vegetable',
    category: 'vegetables',
    ...UNMEASURED_COMPONENTS,
    canTriggerIbs: false,
    ibsTriggerType: null,
    ibsTriggerSeverity: 'mild',
    ibdTrigger: false,
    ibdSeverity: null,
    ibdFlareAvoid: false,
    crohnsTrigger: false,
    crohnsSeverity: null,
    colitisTrigger: false,
    colitisSeverity: null,
    crohnsSymptoms: [],
    colitisSymptoms: [],
    ibdSymptoms: [],
    confidenceScore: 80,
    citations: [],
    needsVerification: false,
    isPrivate: false,
    ratingExplanation: null,
    fodmapGroups: [],
    portion: null,
    checkLabel: false,
    ...overrides,
  };
}
