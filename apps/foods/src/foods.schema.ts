import { FOODS } from '@fodmap/contracts';
import { deleteRowsOf, eventStoreEntities, projectionEntities } from '@fodmap/server';
import { CatalogueMetaEntity } from './catalogue/catalogue-meta.entity';
import { FoodEntity } from './foods/food.entity';
import { FoodsSchema1763790000000 } from './migrations/1763790000000-foods-schema';
import { IdempotencyKeys1767500000000 } from './migrations/1767500000000-idempotency-keys';
import { FoodResearch1767700000000 } from './migrations/1767700000000-food-research';
import { CatalogueSecondEdition1768000000000 } from './migrations/1768000000000-catalogue-second-edition';
import { JobQueue1769000000000 } from './migrations/1769000000000-job-queue';
import { AiBudget1770200000000 } from './migrations/1770200000000-ai-budget';
import { foodResearchRequests } from './research/food-research.job';

/** What the foods schema holds: shared by the service and its jobs command. */
export const foodsSchema = {
  service: FOODS,
  entities: [FoodEntity, CatalogueMetaEntity, ...eventStoreEntities, ...projectionEntities],
  migrations: [FoodsSchema1763790000000, IdempotencyKeys1767500000000, FoodResearch1767700000000, CatalogueSecondEdition1768000000000, JobQueue1769000000000, AiBudget1770200000000],
  consumer: [foodResearchRequests],
  /** What an erasure deletes besides the person's events (issue 20): their private foods, researched ones among them. */
  erasure: deleteRowsOf({ foods: 'owner_user_id', idempotency_keys: 'user_id' }),
};
