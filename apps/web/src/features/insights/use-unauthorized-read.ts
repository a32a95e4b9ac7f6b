import { useEffect } from 'react';
import { useUnauthorizedHandler } from '../session/use-unauthorized';

/** Spec §2 Insights: a read answered 401 signs the person out as on the Diary. */
export function useUnauthorizedRead(error: Error | null) {
  const handleUnauthorized = useUnauthorizedHandler();
  useEffect(() => {
    if (error) handleUnauthorized(error);
  }, [error, handleUnauthorized]);
}
