import { accountRoutes, type ProfileChange, type RouteBody, type User } from '@fodmap/contracts';
import { callRoute } from '@fodmap/web-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isCurrentUserRead, useSetCurrentUser } from '../session/use-session';

export const saveProfile = (change: ProfileChange) => callRoute(accountRoutes.profile, { body: change });
/** The daily summary and meal emails turned on or off. */
export const saveNotifications = (change: RouteBody<typeof accountRoutes.notifications>) => callRoute(accountRoutes.notifications, { body: change });

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
      if (after.timeZone !== before.timeZone) await queryClient.invalidateQueries({ predicate: (query) => !isCurrentUserRead(query) });
    },
    [queryClient, setCurrentUser],
  );
}
