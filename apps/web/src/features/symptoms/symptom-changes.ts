import type { LogSymptomInput, Symptom, UpdateSymptomInput } from '@fodmap/contracts';
import { apiRequest, newIdempotencyKey } from '@fodmap/web-client';
import { useMutation } from '@tanstack/react-query';
import { SYMPTOMS_PATH, useRefreshJournal } from '../meals/meals-api';

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
