import { insightsRoutes, type CorrelationPeriod, type InsightPeriod } from '@fodmap/contracts';
import { ApiError, callRoute, routeQuery } from '@fodmap/web-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isInsightsRead } from '../../lib/insights-reads';
import { mealsOnQuery } from '../meals/meals-api';

/**
 * The projections follow the journal a moment behind and every change elsewhere moves them: a visit reads them again,
 * showing what was read before meanwhile; a period switch keeps the previous period on screen until the next arrives.
 */
const INSIGHTS_READ = { staleTime: 0, placeholderData: keepPreviousData } as const;

/** GET /api/insights/activity: spec §7 names `_t`, a fresh value per read so that no cache between answers it. */
export function useActivity(period: InsightPeriod) {
  const input = { query: { period } };
  return useQuery({ ...routeQuery(insightsRoutes.activity, input), queryFn: () => callRoute(insightsRoutes.activity, { ...input, bustCaches: true }), ...INSIGHTS_READ });
}

export function useCorrelation(period: CorrelationPeriod) {
  return useQuery({ ...routeQuery(insightsRoutes.correlation, { query: { period } }), ...INSIGHTS_READ });
}

export function useFodmapGroups(period: CorrelationPeriod) {
  return useQuery({ ...routeQuery(insightsRoutes.fodmapGroups, { query: { period } }), ...INSIGHTS_READ });
}

export function useDayMeals(day: string) {
  return useQuery(mealsOnQuery(day));
}

/** Spec §2 Refresh: every insights read leaves the cache; those on screen are read again at once. */
export function useRefreshInsights() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.resetQueries({ predicate: isInsightsRead }), [queryClient]);
}

/** Spec §8: the activity read reports a failure as 'HTTP {status}: {statusText}'. */
export function activityErrorMessage(error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  // HTTP/2 carries no status text; the server's detail stands in for it there.
  return `HTTP ${error.status}: ${error.statusText || error.detail}`;
}
