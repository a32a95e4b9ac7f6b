import { subscriptionRoutes } from '@fodmap/contracts';
import { callRoute } from '@fodmap/web-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionStatusKey } from './use-subscription-status';

/** POST /api/create-subscription: the payment the Payment Element confirms (the server reuses an unpaid one). */
export function useCreateSubscription() {
  return useMutation({ mutationFn: () => callRoute(subscriptionRoutes.create) });
}

/** POST /api/cancel-subscription: cancels at the end of the paid period; the status then says until when. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(subscriptionRoutes.cancel),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionStatusKey }),
  });
}
