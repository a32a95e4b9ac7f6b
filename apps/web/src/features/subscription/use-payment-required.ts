import { SubscriptionMessages } from '@fodmap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@fodmap/web-ui';
import { isPaymentRequired } from '@fodmap/web-client';
import { subscriptionStatusKey } from './use-subscription-status';

export const SUBSCRIBE_PATH = '/subscribe';

/**
 * Issue 11: a create, an insight or an AI search answered 402 because the trial or subscription has ended. Says so
 * with a way to /subscribe, and reads the status again so the banner turns to its expired notice (the cached status
 * may predate the end). Returns whether it handled the error, like the 401 handlers it sits beside.
 */
export function usePaymentRequiredHandler() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown): boolean => {
      if (!isPaymentRequired(error)) return false;
      toast({
        title: SubscriptionMessages.expiredGated,
        variant: 'destructive',
        action: { label: SubscriptionMessages.subscribeNow, onClick: () => navigate(SUBSCRIBE_PATH) },
      });
      void queryClient.invalidateQueries({ queryKey: subscriptionStatusKey });
      return true;
    },
    [toast, queryClient, navigate],
  );
}
