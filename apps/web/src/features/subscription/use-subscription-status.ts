import { subscriptionRoutes } from '@fodmap/contracts';
import { queryKeyOf, routeQuery } from '@fodmap/web-client';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/use-session';

export const subscriptionStatusKey = queryKeyOf(subscriptionRoutes.status);
/** Spec §9: the subscription status is cached for five minutes. */
const SUBSCRIPTION_STATUS_CACHE_MS = 5 * 60 * 1000;
/** How often to ask again while a confirmed payment waits for Stripe's webhook to make the subscription active. */
export const ACTIVATION_POLL_MS = 2000;

/**
 * Spec §7: asked only when someone is signed in. `untilActive`: after a payment, poll until the server reports the
 * subscription active (the webhook that says so arrives on its own time).
 */
export function useSubscriptionStatus({ untilActive = false }: { untilActive?: boolean } = {}) {
  const { user } = useSession();
  return useQuery({
    ...routeQuery(subscriptionRoutes.status),
    enabled: user !== null,
    staleTime: SUBSCRIPTION_STATUS_CACHE_MS,
    refetchInterval: untilActive ? (query) => (query.state.data?.status === 'active' ? false : ACTIVATION_POLL_MS) : false,
  });
}
