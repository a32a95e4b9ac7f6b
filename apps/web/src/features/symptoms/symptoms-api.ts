// The symptom reads, on the dashboard's first screen (its symptom check); logging, correcting and deleting one are
// symptom-changes.ts, loaded with the form and the log that use them.
import { todayIn } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { symptomsOnQuery } from '../meals/meals-api';
import { useSession } from '../session/use-session';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone the journal's days are counted in: the person's own (the server counts "today" in it too). */
export function useTimeZone(): string {
  const { user } = useSession();
  return user?.timeZone ?? browserTimeZone();
}

/** Today's date (YYYY-MM-DD) in the person's zone: the key of today's symptom read. */
export function useToday(): string {
  return todayIn(useTimeZone());
}

export function useTodaySymptoms() {
  return useQuery(symptomsOnQuery(useToday()));
}

/** The symptoms of one of the person's own days, newest first, read again each time the screen is shown (see useMealsOfDay). */
export function useDaySymptoms(day: string) {
  return useQuery({ ...symptomsOnQuery(day), refetchOnMount: 'always' });
}
