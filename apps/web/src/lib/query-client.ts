import { QueryClient } from '@tanstack/react-query';

/** Every read brings its own key and fetch from its route (routeQuery, @fodmap/web-client). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Spec §7: data is read once and refreshed only when a mutation says so.
      queries: { refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
