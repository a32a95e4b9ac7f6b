import { localDay, type LogSymptomInput, type Meal, type Symptom } from '@fodmap/contracts';
import { apiRequest, newIdempotencyKey } from '@fodmap/web-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../session/use-session';

export const SYMPTOMS_PATH = '/api/symptoms';
export const MEALS_PATH = '/api/meals';
export const DASHBOARD_STATS_PATH = '/api/dashboard/stats';

export const symptomsOnPath = (day: string) => `${SYMPTOMS_PATH}?date=${day}`;
export const TODAY_MEALS_PATH = `${MEALS_PATH}?todayOnly=true`;
export const mealPath = (id: number) => `${MEALS_PATH}/${id}`;

/** Every read a journal change can make stale: a symptom changes its meal's card, the counts and the score. */
const JOURNAL_READS = [MEALS_PATH, SYMPTOMS_PATH, DASHBOARD_STATS_PATH];

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone the journal's days are counted in: the person's own (the server counts "today" in it too). */
export function useTimeZone(): string {
  const { user } = useSession();
  return user?.timeZone ?? browserTimeZone();
}

/** Today's date (YYYY-MM-DD) in the person's zone: the key of today's symptom read. */
export function useToday(): string {
  return localDay(new Date(), useTimeZone());
}

export function useTodaySymptoms() {
  return useQuery<Symptom[]>({ queryKey: [symptomsOnPath(useToday())] });
}

export function useAllSymptoms() {
  return useQuery<Symptom[]>({ queryKey: [SYMPTOMS_PATH] });
}

/** Today's meals, which a symptom may be linked to. */
export function useTodayMeals(enabled = true) {
  return useQuery<Meal[]>({ queryKey: [TODAY_MEALS_PATH], enabled });
}

/** Every meal: the symptom log names the meal each symptom is linked to. */
export function useAllMeals() {
  return useQuery<Meal[]>({ queryKey: [MEALS_PATH] });
}

export function useMeal(id: number | undefined) {
  return useQuery<Meal>({ queryKey: [mealPath(id ?? 0)], enabled: id !== undefined });
}

/** Spec §7: after a change, meal, symptom and dashboard-stats reads are refreshed. */
export function useRefreshJournal() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ predicate: (query) => JOURNAL_READS.some((path) => String(query.queryKey[0]).startsWith(path)) }),
    [queryClient],
  );
}

export function useLogSymptom() {
  const refresh = useRefreshJournal();
  return useMutation({
    // One key per log: a resend after a lost answer is the same symptom, a second log is a second one.
    mutationFn: (input: LogSymptomInput) => apiRequest<Symptom>('POST', SYMPTOMS_PATH, input, newIdempotencyKey()),
    onSuccess: () => refresh(),
  });
}

export function useDeleteSymptom() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', `${SYMPTOMS_PATH}/${id}`),
    onSuccess: () => refresh(),
  });
}
