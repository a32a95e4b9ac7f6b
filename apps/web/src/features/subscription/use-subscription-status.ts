import type { SubscriptionStatus } from '@fodmap/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/use-session';

export const SUBSCRIPTION_STATUS_PATH = '/api/subscription-status';
/** Spec §9: the subscription status is cached for five minutes. */
const SUBSCRIPTION_STATUS_CACHE_MS = 5 * 60 * 1000;

/** Spec §7: asked only when someone is signed in. */
export function useSubscriptionStatus() {
  const { user } = useSession();
  return useQuery<SubscriptionStatus>({
    queryKey: [SUBSCRIPTION_STATUS_PATH],
    enabled: user !== null,
    staleTime: SUBSCRIPTION_STATUS_CACHE_MS,
  });
}
