import { Logger } from '@nestjs/common';
import { DataSource, In, Not } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FoodEntity } from '../foods/food.entity';
import { Catalogue, CatalogueFood } from './catalogue-file';
import { CatalogueMetaEntity } from './catalogue-meta.entity';

export interface SeedOutcome {
  version: string;
  foodCount: number;
  /** false when the stored catalogue already was this version and content */
  seeded: boolean;
}

const UPSERT_BATCH = 200;
/** Overwritten on every seed; id, key, owner and created_at are kept, so food ids stay stable across versions. */
const CATALOGUE_COLUMNS = [
  'name', 'description', 'food_type', 'category', 'synonyms', 'serving_size', 'serving_grams', 'calories_per_serving', 'usda_ndb',
  'fructans', 'galactans', 'excess_fructose', 'sorbitol', 'mannitol', 'xylitol', 'lactose', 'fodmap_rating', 'rating_basis',
  'rating_explanation', 'fodmap_groups', 'portion', 'check_label', 'everyday',
  'can_trigger_ibs', 'ibs_trigger_type', 'ibs_trigger_severity', 'ibd_trigger', 'ibd_severity', 'ibd_flare_avoid',
  'crohns_trigger', 'crohns_severity', 'colitis_trigger', 'colitis_severity', 'crohns_symptoms', 'colitis_symptoms', 'ibd_symptoms',
  'confidence_score', 'needs_verification', 'citations', 'source_notes', 'retired', 'updated_at',
];

/**
 * Brings the catalogue foods of the database to the file's version: an upsert by the stable key, foods the file no
 * longer holds marked retired. Nothing is written when the stored version and content are the file's; replicas
 * starting together take turns under an advisory lock, and the second finds the work done.
 */
export async function seedCatalogue(dataSource: DataSource, catalogue: Catalogue, logger = new Logger('Catalogue')): Promise<SeedOutcome> {
  return dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('foods.catalogue.seed'))`);
    const meta = await manager.findOne(CatalogueMetaEntity, { where: { id: 1 } });
    const outcome = { version: catalogue.version, foodCount: catalogue.foods.length };
    if (meta?.version === catalogue.version && meta.contentHash === catalogue.contentHash) return { ...outcome, seeded: false };
    if (meta?.version === catalogue.version) logger.warn(`The food catalogue changed without a new version (still ${catalogue.version}); seeding it anyway`);

    const now = new Date();
    const rows = catalogue.foods.map((food) => toRow(food, catalogue, now));
    for (let start = 0; start < rows.length; start += UPSERT_BATCH) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(FoodEntity)
        .values(rows.slice(start, start + UPSERT_BATCH))
        .orUpdate(CATALOGUE_COLUMNS, ['key'])
        .execute();
    }
    const keys = catalogue.foods.map((food) => food.key);
    await manager.update(FoodEntity, { key: keys.length > 0 ? Not(In(keys)) : Not(''), retired: false }, { retired: true, updatedAt: now });
    await manager.upsert(
      CatalogueMetaEntity,
      { id: 1, version: catalogue.version, contentHash: catalogue.contentHash, foodCount: catalogue.foods.length, whatsNew: catalogue.whatsNew, seededAt: now },
      ['id'],
    );
    return { ...outcome, seeded: true };
  });
}

function toRow(food: CatalogueFood, catalogue: Catalogue, now: Date): QueryDeepPartialEntity<FoodEntity> {
  return {
    key: food.key,
    ownerUserId: null,
    name: food.name,
    description: food.description ?? null,
    foodType: food.foodType,
    category: food.category ?? null,
    synonyms: food.synonyms,
    servingSize: food.servingSize ?? null,
    servingGrams: food.servingGrams ?? null,
    caloriesPerServing: food.caloriesPerServing ?? null,
    usdaNdb: food.usdaNdb === null || food.usdaNdb === undefined ? null : String(food.usdaNdb),
    fructans: food.fructans,
    galactans: food.galactans,
    excessFructose: food.excessFructose,
    sorbitol: food.sorbitol,
    mannitol: food.mannitol,
    xylitol: food.xylitol,
    lactose: food.lactose,
    fodmapRating: food.fodmapRating,
    ratingBasis: food.ratingBasis ?? null,
    ratingExplanation: food.ratingExplanation,
    fodmapGroups: food.fodmapGroups,
    portion: food.portion,
    checkLabel: food.checkLabel,
    everyday: food.everyday,
    canTriggerIbs: food.canTriggerIbs,
    ibsTriggerType: food.ibsTriggerType ?? null,
    ibsTriggerSeverity: food.ibsTriggerSeverity ?? 'mild',
    ibdTrigger: food.ibdTrigger,
    ibdSeverity: food.ibdSeverity ?? null,
    ibdFlareAvoid: food.ibdFlareAvoid,
    crohnsTrigger: food.crohnsTrigger,
    crohnsSeverity: food.crohnsSeverity ?? null,
    colitisTrigger: food.colitisTrigger,
    colitisSeverity: food.colitisSeverity ?? null,
    crohnsSymptoms: food.crohnsSymptoms,
    colitisSymptoms: food.colitisSymptoms,
    ibdSymptoms: food.ibdSymptoms,
    confidenceScore: food.confidenceScore === null || food.confidenceScore === undefined ? null : Math.round(food.confidenceScore),
    needsVerification: food.needsVerification,
    citations: catalogue.citationsOf(food),
    sourceNotes: food.sourceNotes ?? null,
    retired: false,
    updatedAt: now,
  };
}
