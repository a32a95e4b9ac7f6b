import { accountRoutes, type User } from '@fodmap/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callRoute, isReadOf, isUnauthorized, queryKeyOf } from '@fodmap/web-client';

/** Spec §4 Session: a 401 on the current-user call means nobody is signed in, not an error. */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await callRoute(accountRoutes.user);
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/** The current user's read, which keeps null once the server has said that nobody is signed in. */
const sessionQuery = queryOptions({ queryKey: [...queryKeyOf(accountRoutes.user)], queryFn: fetchCurrentUser, retry: false });
export const currentUserKey = sessionQuery.queryKey;
export const isCurrentUserRead = isReadOf(accountRoutes.user);

export interface Session {
  user: User | null;
  isLoading: boolean;
}

export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQuery);
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
