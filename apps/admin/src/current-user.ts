import type { User } from '@fodmap/contracts';

/**
 * Who is signed in, or null. Only this one read exists so far; when the admin screens start calling the API, the web's
 * request helper (apps/web/src/lib/api.ts) should move to a shared web lib and be used here instead.
 */
export async function fetchCurrentUser(): Promise<User | null> {
  const response = await fetch('/api/auth/user', { headers: { Accept: 'application/json' }, credentials: 'include' });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as User;
}
