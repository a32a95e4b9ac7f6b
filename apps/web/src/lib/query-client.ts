import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from '@fodmap/web-client';

/** Spec §7: a data read is a GET of the path that is the first part of its query key. */
const getByPath: QueryFunction = ({ queryKey }) => apiRequest('GET', String(queryKey[0]));

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // Spec §7: data is read once and refreshed only when a mutation says so.
      queries: { queryFn: getByPath, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
