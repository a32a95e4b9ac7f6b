import { insightsRoutes } from '@fodmap/contracts';
import { isReadOf } from '@fodmap/web-client';

/** Every insights read: the insights feature reads them, and a journal change anywhere makes them stale. */
export const isInsightsRead = isReadOf(insightsRoutes.activity, insightsRoutes.correlation, insightsRoutes.fodmapGroups);
