import type { CreateSubscriptionReply } from '@fodmap/contracts';
import { apiRequest } from '@fodmap/web-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_STATUS_PATH } from './use-subscription-status';

const CREATE_SUBSCRIPTION_PATH = '/api/create-subscription';
const CANCEL_SUBSCRIPTION_PATH = '/api/cancel-subscription';

/** POST /api/create-subscription: the payment the Payment Element confirms (the server reuses an unpaid one). */
export function useCreateSubscription() {
  return useMutation({ mutationFn: () => apiRequest<CreateSubscriptionReply>('POST', CREATE_SUBSCRIPTION_PATH) });
}

/** POST /api/cancel-subscription: cancels at the end of the paid period; the status then says until when. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('POST', CANCEL_SUBSCRIPTION_PATH),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_STATUS_PATH] }),
  });
}
