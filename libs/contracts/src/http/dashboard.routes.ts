import type { EducationItem } from '../education/education';
import type { DashboardStats } from '../meals/meal';
import { ok, route, routes } from './route';

/** The home screen (spec §2 'Today's Overview'), on the person's local today. */
export const dashboardRoutes = routes({
  stats: route({
    method: 'GET',
    path: '/api/dashboard/stats',
    access: 'signedIn',
    response: ok<DashboardStats>(),
    errors: [],
    summary: "Today's score and band, meals logged, symptoms, unknown foods and the meals whose foods stack over a cut-off",
    description: '`todayScore` is 100 minus the FODMAP risk of today\'s foods, null when none is rated; `unknownFoods` are counted apart, never as low.',
  }),
  education: route({
    method: 'GET',
    path: '/api/education',
    access: 'signedIn',
    shared: true,
    response: ok<EducationItem[]>(),
    errors: [],
    summary: 'The articles, each with its body and sources; the dashboard shows the first two',
  }),
});
