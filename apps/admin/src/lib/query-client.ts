import { QueryClient } from '@tanstack/react-query';

/**
 * The admin's reads are refetched when a tab opens again (staleTime 0) so its figures follow the emails being sent,
 * but not on every window focus; a failure is shown at once with a Retry rather than retried behind a spinner.
 */
export function createAdminQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
