import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isDomainConfigRead } from '../branding/use-domain-config';
import { currentUserKey, isCurrentUserRead } from './use-session';

/** Spec §4: ending a session empties the cached user. Everything read for that person goes too; branding stays. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => !isDomainConfigRead(query) && !isCurrentUserRead(query) });
    queryClient.setQueryData(currentUserKey, null);
  }, [queryClient]);
}
