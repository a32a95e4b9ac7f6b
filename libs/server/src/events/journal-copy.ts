import { domainEvents, JOURNAL, JournalEvent, MealCompletedV1, MealCreatedV1, MealFoodAddedV1, mealFoodEntry, SymptomLoggedV1 } from '@fodmap/contracts';
import { StoredEvent } from './event';
import { Row } from './keyed-writes';
import { BatchedContext, defineProjection, Projection } from './projection';

/** The plain names of a copy's three tables, keyed by `meal_id`, `entry_id` and `symptom_id`; foods and symptoms name their meal in `meal_id`. */
export interface JournalCopyTables {
  meals: string;
  mealFoods: string;
  symptoms: string;
}

/** How a copy maps the journal's events to its own rows: each gives the whole row (or, for a meal, every column a correction sets). */
export interface JournalCopyRows {
  /** A meal's row as created, and the columns a correction sets again (MealChanged carries the whole meal). */
  meal(meal: MealCreatedV1): Row;
  /** An entry's whole row, as added or with its amount corrected. */
  mealFood(entry: MealFoodAddedV1): Row;
  /** A symptom's whole row, as logged or corrected. */
  symptom(symptom: SymptomLoggedV1): Row;
}

/**
 * The columns every copy has, the same in each: a meal when and what it was eaten as, an entry at the amount eaten
 * (rated there as the journal rates it) with the food as it was then, a symptom when it was felt and the meal it names.
 * A copy spreads them into its rows and adds its own columns (a local day, a name).
 */
export const journalRows: JournalCopyRows = {
  meal: (meal) => ({ meal_id: meal.mealId, user_id: meal.userId, eaten_at: meal.timestamp, meal_type: meal.mealType }),
  mealFood: (entry) => ({
    entry_id: entry.entryId,
    meal_id: entry.mealId,
    user_id: entry.userId,
    quantity: entry.quantity,
    serving_unit: entry.servingUnit,
    grams: entry.grams,
    rating: mealFoodEntry({ id: entry.entryId, quantity: entry.quantity, servingUnit: entry.servingUnit, grams: entry.grams, food: entry.food }).ratingAtQuantity,
    snapshot: entry.food,
  }),
  symptom: (symptom) => ({
    symptom_id: symptom.symptomId,
    user_id: symptom.userId,
    meal_id: symptom.mealId,
    symptom_type: symptom.symptomType,
    severity: symptom.severity,
    felt_at: symptom.timestamp,
  }),
};

export interface JournalCopyDefinition {
  /** The projection's name (its checkpoints, consumers and dead letters). */
  name: string;
  tables: JournalCopyTables;
  rows: JournalCopyRows;
  /** The copy's other tables, by plain name, with their key column. */
  otherTables?: Record<string, string>;
  /** For a copy that keeps whether a meal is completed (without it, MealCompleted is ignored): the meals table's column, false when created and true on MealCompleted, and what else the copy does then (a job enqueued in this transaction). */
  completed?: {
    column: string;
    then?: (context: BatchedContext, event: StoredEvent<{ type: 'MealCompleted'; data: MealCompletedV1 }>) => Promise<void>;
  };
  /** Writes of the copy's own after every event it applies. */
  afterEach?: (context: BatchedContext, event: StoredEvent<JournalEvent>) => Promise<void>;
}

/**
 * One copy of the person's journal in a service's own schema: a meal with its foods and its symptoms, folded from the
 * journal's events in one way. Every write is keyed by the entity's id (an upsert of the whole row, an update of a
 * meal's columns, or a delete), so applying an event again gives the same rows and a rebuild folds a thousand events'
 * writes into a few statements (batchedWrites). A deleted meal's foods go; its symptoms stay, unlinked, as the
 * journal reads them: they happened whatever the meal was. Each copy gives its own rows (its columns, a local day,
 * a rating) and its extra behaviour. The journal's own read tables are not one of these copies: they are two inline
 * projections (meals, symptoms), written in the append's transaction with the write side's ids and entry positions.
 */
export function journalCopyProjection(copy: JournalCopyDefinition): Projection {
  const { meals, mealFoods, symptoms } = copy.tables;
  const { completed, rows: map } = copy;
  const after = async (context: BatchedContext, event: StoredEvent<JournalEvent>) => {
    if (copy.afterEach) await copy.afterEach(context, event);
  };
  return defineProjection({
    name: copy.name,
    tables: [meals, mealFoods, symptoms, ...Object.keys(copy.otherTables ?? {})],
    batchedWrites: true,
    keys: { [meals]: 'meal_id', [mealFoods]: 'entry_id', [symptoms]: 'symptom_id', ...copy.otherTables },
    events: domainEvents,
    handlers: {
      [JOURNAL]: {
        MealCreated: async (context, event) => {
          await context.rows.upsert(meals, completed ? { ...map.meal(event.data), [completed.column]: false } : map.meal(event.data));
          await after(context, event);
        },
        // A meal moved in time counts on its new day. The correction carries the whole meal: the whole row again, or,
        // in a copy that keeps whether it is completed, its other columns (an upsert must give every column).
        MealChanged: async (context, event) => {
          const row = map.meal(event.data);
          if (completed) await context.rows.update(meals, row, 'meal_id', event.data.mealId);
          else await context.rows.upsert(meals, row);
          await after(context, event);
        },
        MealFoodAdded: async (context, event) => {
          await context.rows.upsert(mealFoods, map.mealFood(event.data));
          await after(context, event);
        },
        // The whole entry again, at the amount now said to be eaten.
        MealFoodChanged: async (context, event) => {
          await context.rows.upsert(mealFoods, map.mealFood(event.data));
          await after(context, event);
        },
        MealFoodRemoved: async (context, event) => {
          await context.rows.delete(mealFoods, 'entry_id', event.data.entryId);
          await after(context, event);
        },
        ...(completed ? {
          MealCompleted: async (context: BatchedContext, event: StoredEvent<{ type: 'MealCompleted'; data: MealCompletedV1 }>) => {
            await context.rows.update(meals, { [completed.column]: true }, 'meal_id', event.data.mealId);
            if (completed.then) await completed.then(context, event);
            await after(context, event);
          },
        } : {}),
        MealDeleted: async (context, event) => {
          const { mealId } = event.data;
          await context.rows.delete(mealFoods, 'meal_id', mealId);
          await context.rows.update(symptoms, { meal_id: null }, 'meal_id', mealId);
          await context.rows.delete(meals, 'meal_id', mealId);
          await after(context, event);
        },
        SymptomLogged: async (context, event) => {
          await context.rows.upsert(symptoms, map.symptom(event.data));
          await after(context, event);
        },
        // The whole symptom again: one moved in time counts on its new day.
        SymptomChanged: async (context, event) => {
          await context.rows.upsert(symptoms, map.symptom(event.data));
          await after(context, event);
        },
        SymptomDeleted: async (context, event) => {
          await context.rows.delete(symptoms, 'symptom_id', event.data.symptomId);
          await after(context, event);
        },
      },
    },
    // Whether a meal is completed matters only to a copy that keeps it.
    ignores: { [JOURNAL]: completed ? [] : ['MealCompleted'] },
  });
}
