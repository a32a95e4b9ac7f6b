import { projectionEntities } from '@fodmap/server';
import { DailyMeals } from './activity/daily-meals.entity';
import { dailyMealsProjection } from './activity/daily-meals.projection';
import { Projections1767225600000 } from './migrations/1767225600000-projections';
import { DailyMeals1767225600001 } from './migrations/1767225600001-daily-meals';
import { CheckpointStreamSequence1767400000000 } from './migrations/1767400000000-checkpoint-stream-sequence';
import { DailyMealDays1767600000000 } from './migrations/1767600000000-daily-meal-days';

/** What the insights schema holds: shared by the service and its rebuild command. */
export const insightsSchema = {
  service: 'insights',
  entities: [...projectionEntities, DailyMeals],
  migrations: [Projections1767225600000, DailyMeals1767225600001, CheckpointStreamSequence1767400000000, DailyMealDays1767600000000],
  consumer: [dailyMealsProjection],
};
