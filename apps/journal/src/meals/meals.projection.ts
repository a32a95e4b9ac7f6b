import { EventTypes, MealCreatedV1 } from '@fodmap/contracts';
import { ProjectionDefinition, StoredEvent } from '@fodmap/server';

export const JOURNAL = 'journal';

function mealCreated(event: StoredEvent): MealCreatedV1 {
  if (event.schemaVersion !== 1) throw new Error(`MealCreated v${event.schemaVersion} is not known here`);
  return event.data as MealCreatedV1;
}

/** The `meals` read table: updated in the append's transaction, so the journal reads its own writes. */
export const mealsProjection: ProjectionDefinition = {
  name: 'meals',
  tables: ['meals'],
  handlers: {
    [JOURNAL]: {
      [EventTypes.MealCreated]: async ({ manager, tables }, event) => {
        const meal = mealCreated(event);
        await manager.query(
          `INSERT INTO ${tables.meals} (id, user_id, name, meal_type, "timestamp", completed, notes) VALUES ($1, $2, $3, $4, $5, false, $6)`,
          [meal.mealId, meal.userId, meal.name, meal.mealType, meal.timestamp, meal.notes],
        );
      },
    },
  },
};
