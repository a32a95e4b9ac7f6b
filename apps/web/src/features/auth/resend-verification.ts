import { AccountMessages, authRoutes } from '@fodmap/contracts';
import { useToast } from '@fodmap/web-ui';
import { useMutation } from '@tanstack/react-query';
import { callRoute, serverMessage } from '@fodmap/web-client';

/** 'Send a new link': the server's answer as a toast (sent, already confirmed, or how long to wait). */
export function useResendVerification() {
  const { toast } = useToast();
  return useMutation({
    mutationFn: () => callRoute(authRoutes.resendVerification),
    onSuccess: ({ message }) => toast({ title: message }),
    onError: (error) => toast({ title: serverMessage(error, AccountMessages.verifyEmailInvalidToken), variant: 'destructive' }),
  });
}
