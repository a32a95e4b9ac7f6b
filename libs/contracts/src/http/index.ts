import { accountRoutes } from './account.routes';
import { adminRoutes } from './admin.routes';
import { AUTH_API_PREFIX, authRoutes } from './auth.routes';
import { dashboardRoutes } from './dashboard.routes';
import { emailRoutes } from './emails.routes';
import { foodRoutes } from './foods.routes';
import { insightsRoutes } from './insights.routes';
import { mealRoutes } from './meals.routes';
import { platformRoutes } from './platform.routes';
import { subscriptionRoutes } from './subscription.routes';
import { symptomRoutes } from './symptoms.routes';
import type { RouteDefinition } from './route';

export * from './route';
export * from './page';
export { AUTH_API_PREFIX, accountRoutes, adminRoutes, authRoutes, dashboardRoutes, emailRoutes, foodRoutes, insightsRoutes, mealRoutes, platformRoutes, subscriptionRoutes, symptomRoutes };

/**
 * Every /api route the gateway serves, declared once: the gateway's handlers, guards and subscription gate, the web's
 * client, the e2e helpers, the fuzz bench and the OpenAPI document (/api/openapi.json, /api/docs) come from it.
 *
 * A small map of our own rather than @ts-rest: the dashboard's first download is 179.7 KB gzip against a 180 KB
 * budget and ts-rest's client would add to it; ts-rest models neither who may call a route nor the subscription gate,
 * which are the two things the gateway must derive; and the handlers keep Nest's DI, guards and pipes as they are.
 * Each area is a file of its own, so a screen imports the areas it calls (`mealRoutes`), never the admin schemas.
 */
export const httpContract = {
  auth: authRoutes,
  account: accountRoutes,
  meals: mealRoutes,
  symptoms: symptomRoutes,
  dashboard: dashboardRoutes,
  insights: insightsRoutes,
  foods: foodRoutes,
  emails: emailRoutes,
  subscription: subscriptionRoutes,
  admin: adminRoutes,
  platform: platformRoutes,
};

export type HttpContract = typeof httpContract;

/** Every route of the contract, each with its area and name (for the gateway's checks, the OpenAPI document, the fuzz bench). */
export function contractRoutes(): { area: string; name: string; route: RouteDefinition }[] {
  return Object.entries(httpContract).flatMap(([area, routes]) =>
    Object.entries(routes).map(([name, route]: [string, RouteDefinition]) => ({ area, name, route })),
  );
}
