import { JOURNAL } from '@fodmap/contracts';
import { deleteRowsOf, eventStoreEntities, projectionEntities } from '@fodmap/server';
import { MealFoodRecord } from './meals/meal-food.entity';
import { MealRecord } from './meals/meal.entity';
import { mealsProjection } from './meals/meals.projection';
import { EventStore1767225600000 } from './migrations/1767225600000-event-store';
import { Meals1767225600001 } from './migrations/1767225600001-meals';
import { IdempotencyKeys1767500000000 } from './migrations/1767500000000-idempotency-keys';
import { MealFoodsSymptoms1767600000000 } from './migrations/1767600000000-meal-foods-symptoms';
import { AccountErasure1769300000000 } from './migrations/1769300000000-account-erasure';
import { ListPaging1769400000000 } from './migrations/1769400000000-list-paging';
import { SymptomRecord } from './symptoms/symptom.entity';
import { symptomsProjection } from './symptoms/symptoms.projection';

/** What the journal's schema holds: shared by the service and its rebuild command. */
export const journalSchema = {
  service: JOURNAL,
  entities: [...eventStoreEntities, ...projectionEntities, MealRecord, MealFoodRecord, SymptomRecord],
  migrations: [EventStore1767225600000, Meals1767225600001, IdempotencyKeys1767500000000, MealFoodsSymptoms1767600000000, AccountErasure1769300000000, ListPaging1769400000000],
  inline: [mealsProjection, symptomsProjection],
  /** What an erasure deletes besides the person's events (issue 20). */
  erasure: deleteRowsOf({ meals: 'user_id', meal_foods: 'user_id', symptoms: 'user_id', idempotency_keys: 'user_id' }),
};
