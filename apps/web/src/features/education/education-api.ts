import { dashboardRoutes } from '@fodmap/contracts';
import { routeQuery } from '@fodmap/web-client';
import { useQuery } from '@tanstack/react-query';

/** Spec §7 GET /api/education: every article, read once per session like every other read. */
export function useEducation() {
  return useQuery(routeQuery(dashboardRoutes.education));
}
