import { symptomRoutes, type LogSymptomInput, type UpdateSymptomInput } from '@fodmap/contracts';
import { callRoute, newIdempotencyKey } from '@fodmap/web-client';
import { useMutation } from '@tanstack/react-query';
import { useRefreshJournal } from '../meals/meals-api';

export function useLogSymptom() {
  const refresh = useRefreshJournal();
  return useMutation({
    // One key per log: a resend after a lost answer is the same symptom, a second log is a second one.
    mutationFn: (input: LogSymptomInput) => callRoute(symptomRoutes.log, { body: input, idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => refresh(),
  });
}

/** Issue 18: a symptom's type, severity, time, notes or linked meal corrected. */
export function useUpdateSymptom() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateSymptomInput }) => callRoute(symptomRoutes.update, { params: { id }, body: input }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteSymptom() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: (id: number) => callRoute(symptomRoutes.remove, { params: { id } }),
    onSuccess: () => refresh(),
  });
}
