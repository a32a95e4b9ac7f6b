import type { Food, FoodSummary } from '@fodmap/contracts';
import { FoodEntity } from './food.entity';

/** A stored food as the browser sees it. */
export function toFood(row: FoodEntity): Food {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    servingSize: row.servingSize,
    servingGrams: row.servingGrams,
    caloriesPerServing: row.caloriesPerServing,
    fodmapRating: row.fodmapRating,
    foodType: row.foodType,
    category: row.category,
    fructans: row.fructans,
    galactans: row.galactans,
    excessFructose: row.excessFructose,
    sorbitol: row.sorbitol,
    mannitol: row.mannitol,
    xylitol: row.xylitol,
    lactose: row.lactose,
    canTriggerIbs: row.canTriggerIbs,
    ibsTriggerType: row.ibsTriggerType,
    ibsTriggerSeverity: row.ibsTriggerSeverity,
    ibdTrigger: row.ibdTrigger,
    ibdSeverity: row.ibdSeverity,
    ibdFlareAvoid: row.ibdFlareAvoid,
    crohnsTrigger: row.crohnsTrigger,
    crohnsSeverity: row.crohnsSeverity,
    colitisTrigger: row.colitisTrigger,
    colitisSeverity: row.colitisSeverity,
    crohnsSymptoms: row.crohnsSymptoms,
    colitisSymptoms: row.colitisSymptoms,
    ibdSymptoms: row.ibdSymptoms,
    confidenceScore: row.confidenceScore,
    citations: row.citations,
    needsVerification: row.needsVerification,
    isPrivate: row.ownerUserId !== null,
    // A private food's columns keep their defaults (no explanation, groups or portion guide; never 'check the label').
    ratingExplanation: row.ratingExplanation,
    fodmapGroups: row.fodmapGroups,
    portion: row.portion,
    checkLabel: row.checkLabel,
  };
}

export function toSummary(food: Food): FoodSummary {
  const { id, name, description, servingSize, caloriesPerServing, fodmapRating, foodType, isPrivate, checkLabel } = food;
  return { id, name, description, servingSize, caloriesPerServing, fodmapRating, foodType, isPrivate, checkLabel };
}
