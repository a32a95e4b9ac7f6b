import type { User } from '@fodmap/contracts';
import { apiRequest, isUnauthorized } from '@fodmap/web-client';

/** Who is signed in, or null when nobody is. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiRequest<User>('GET', '/api/auth/user');
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}
