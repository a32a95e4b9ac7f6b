import { adminRoutes } from '@fodmap/contracts';
import { routeQuery } from '@fodmap/web-client';

export const emailStatsQuery = routeQuery(adminRoutes.emailStats);
export const advertiserStatsQuery = routeQuery(adminRoutes.advertiserStats);
