import { localDay, type LogSymptomInput, type Symptom, type UpdateSymptomInput } from '@fodmap/contracts';
import { apiRequest, newIdempotencyKey } from '@fodmap/web-client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SYMPTOMS_PATH, symptomsOnPath, useRefreshJournal } from '../meals/meals-api';
import { useSession } from '../session/use-session';

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

/** The symptoms of one of the person's own days, newest first, read again each time the screen is shown (see useMealsOfDay). */
export function useDaySymptoms(day: string) {
  return useQuery<Symptom[]>({ queryKey: [symptomsOnPath(day)], refetchOnMount: 'always' });
}

export function useLogSymptom() {
  const refresh = useRefreshJournal();
  return useMutation({
    // One key per log: a resend after a lost answer is the same symptom, a second log is a second one.
    mutationFn: (input: LogSymptomInput) => apiRequest<Symptom>('POST', SYMPTOMS_PATH, input, newIdempotencyKey()),
    onSuccess: () => refresh(),
  });
}

/** Issue 18: a symptom's type, severity, time, notes or linked meal corrected. */
export function useUpdateSymptom() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateSymptomInput }) => apiRequest<Symptom>('PATCH', `${SYMPTOMS_PATH}/${id}`, input),
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
