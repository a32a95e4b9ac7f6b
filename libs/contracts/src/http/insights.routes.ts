import type { CorrelationEntry, GroupCorrelations, InsightsActivity } from '../insights/insights';
import { activityQuerySchema, correlationQuerySchema } from '../insights/insights.schemas';
import { ok, route, routes } from './route';

/** The signed-in person's insights, on their own days; every answer is `Cache-Control: no-store` (spec §7). */
export const insightsRoutes = routes({
  activity: route({
    method: 'GET',
    path: '/api/insights/activity',
    access: 'signedIn',
    gated: true,
    query: activityQuerySchema,
    response: ok<InsightsActivity>(),
    errors: [],
    summary: 'Meals, FODMAP risk and symptoms per day, newest first, with a summary',
    description:
      'With `startDate` and `endDate`, that range (at most 366 days; `startDate` not after `endDate`); otherwise `period` days (7, 14, 30, 90, 180 or 365; default 7) ending on `endDate` or today. Other parameters are ignored.',
  }),
  correlation: route({
    method: 'GET',
    path: '/api/insights/correlation',
    access: 'signedIn',
    gated: true,
    query: correlationQuerySchema,
    response: ok<CorrelationEntry[]>(),
    errors: [429],
    summary: 'The foods of the last `period` days (7, 14, 30 or 90; default 30), strongest evidence first',
    description:
      'Each with its rate, evidence (`strong`, `moderate`, `to_confirm`, `no_link`, `not_enough_data`), one-sided Fisher `pValue`, Benjamini-Hochberg `qValue`, baseline and 2×2 table. An unlinked symptom counts for the meals eaten `afterFrom` to `afterTo` hours before it: 1 to 8 (default), 0 to 8, 4 to 8 or 1 to 12, else a 400. At most 30 fresh analyses a minute per person (a repeated question is answered from the cache), then 429 with Retry-After.',
  }),
  fodmapGroups: route({
    method: 'GET',
    path: '/api/insights/fodmap-groups',
    access: 'signedIn',
    gated: true,
    query: correlationQuerySchema,
    response: ok<GroupCorrelations>(),
    errors: [429],
    summary: 'The same period and window by FODMAP group, then the catalogue\'s other triggers',
  }),
});
