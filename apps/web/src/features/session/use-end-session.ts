import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { DOMAIN_CONFIG_PATH } from '../branding/use-domain-config';
import { currentUserKey } from './use-session';

/** Spec §4: ending a session empties the cached user. Everything read for that person goes too; branding stays. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== DOMAIN_CONFIG_PATH && query.queryKey[0] !== currentUserKey[0] });
    queryClient.setQueryData(currentUserKey, null);
  }, [queryClient]);
}
