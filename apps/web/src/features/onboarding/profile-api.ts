import type { ProfileChange, User } from '@fodmap/contracts';
import { apiRequest } from '@fodmap/web-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserKey, useSetCurrentUser } from '../session/use-session';

export const PROFILE_PATH = '/api/auth/user/profile';
export const NOTIFICATIONS_PATH = '/api/auth/user/notifications';

export const saveProfile = (change: ProfileChange) => apiRequest<User>('PATCH', PROFILE_PATH, change);

/**
 * Takes the person as the server now holds them. A moved zone moves their 'today': every journal read kept for the
 * old one is read again.
 */
export function useAcceptUser() {
  const queryClient = useQueryClient();
  const setCurrentUser = useSetCurrentUser();
  return useCallback(
    async (before: User, after: User) => {
      await setCurrentUser(after);
      if (after.timeZone !== before.timeZone) await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    },
    [queryClient, setCurrentUser],
  );
}
