import { accountRoutes, type User } from '@fodmap/contracts';
import { callRoute, isUnauthorized, queryKeyOf } from '@fodmap/web-client';
import { queryOptions } from '@tanstack/react-query';

/** Who is signed in, or null when nobody is. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await callRoute(accountRoutes.user);
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/** The admin's session: the current user's read, null when nobody is signed in. */
export const currentUserQuery = queryOptions({ queryKey: [...queryKeyOf(accountRoutes.user)], queryFn: fetchCurrentUser, retry: false });
