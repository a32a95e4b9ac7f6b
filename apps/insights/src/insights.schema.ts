import { projectionEntities } from '@fodmap/server';
import { DailyMeals } from './activity/daily-meals.entity';
import { dailyMealsProjection } from './activity/daily-meals.projection';
import { Projections1767225600000 } from './migrations/1767225600000-projections';
import { DailyMeals1767225600001 } from './migrations/1767225600001-daily-meals';

/** What the insights schema holds: shared by the service and its rebuild command. */
export const insightsSchema = {
  service: 'insights',
  entities: [...projectionEntities, DailyMeals],
  migrations: [Projections1767225600000, DailyMeals1767225600001],
  consumer: [dailyMealsProjection],
};
