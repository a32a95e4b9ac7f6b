import type { CorrelationEntry, CorrelationPeriod, GroupCorrelations, InsightPeriod, InsightsActivity, Meal } from '@fodmap/contracts';
import { ApiError, apiRequest } from '@fodmap/web-client';
import { keepPreviousData, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import { INSIGHTS_PATH } from '../../lib/insights-path';
import { mealsOnPath } from '../meals/meals-api';

/** Spec §7 Insights: the three reads of the screen, keyed by their paths as every read is. */
export const activityPath = (period: InsightPeriod) => `${INSIGHTS_PATH}/activity?period=${period}`;
export const correlationPath = (period: CorrelationPeriod) => `${INSIGHTS_PATH}/correlation?period=${period}`;
export const fodmapGroupsPath = (period: CorrelationPeriod) => `${INSIGHTS_PATH}/fodmap-groups?period=${period}`;

/**
 * The projections follow the journal a moment behind and every change elsewhere moves them: a visit reads them again,
 * showing what was read before meanwhile; a period switch keeps the previous period on screen until the next arrives.
 */
const INSIGHTS_READ = { staleTime: 0, placeholderData: keepPreviousData } as const;

/** GET /api/insights/activity: spec §7 names `_t`, a fresh value per read so that no cache between answers it. */
export function useActivity(period: InsightPeriod) {
  const path = activityPath(period);
  return useQuery<InsightsActivity>({ queryKey: [path], queryFn: () => apiRequest('GET', `${path}&_t=${Date.now()}`), ...INSIGHTS_READ });
}

export function useCorrelation(period: CorrelationPeriod) {
  return useQuery<CorrelationEntry[]>({ queryKey: [correlationPath(period)], ...INSIGHTS_READ });
}

export function useFodmapGroups(period: CorrelationPeriod) {
  return useQuery<GroupCorrelations>({ queryKey: [fodmapGroupsPath(period)], ...INSIGHTS_READ });
}

export function useDayMeals(day: string) {
  return useQuery<Meal[]>({ queryKey: [mealsOnPath(day)] });
}

const isInsightsRead = (query: Query) => String(query.queryKey[0]).startsWith(`${INSIGHTS_PATH}/`);

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
