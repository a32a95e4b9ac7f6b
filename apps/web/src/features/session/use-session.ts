import type { User } from '@fodmap/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest, isUnauthorized } from '@fodmap/web-client';

export const CURRENT_USER_PATH = '/api/auth/user';
export const currentUserKey = [CURRENT_USER_PATH] as const;

/** Spec §4 Session: a 401 on the current-user call means nobody is signed in, not an error. */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiRequest<User>('GET', CURRENT_USER_PATH);
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export interface Session {
  user: User | null;
  isLoading: boolean;
}

export function useSession(): Session {
  const { data, isPending } = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, retry: false });
  return { user: data ?? null, isLoading: isPending };
}

/**
 * Replaces the cached user after sign-in, a profile change or sign-out (null). A current-user read still on its way
 * (sent before the sign-in, answered 401 after it on a slow network) is cancelled first: it would land later and undo this.
 */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(
    async (user: User | null) => {
      await queryClient.cancelQueries({ queryKey: currentUserKey });
      queryClient.setQueryData<User | null>(currentUserKey, user);
    },
    [queryClient],
  );
}
