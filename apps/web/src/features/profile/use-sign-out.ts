import { authRoutes, Messages } from '@fodmap/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@fodmap/web-ui';
import { callRoute } from '@fodmap/web-client';
import { useEndSession } from '../session/use-end-session';

/** Spec §4 Session: signing out empties the cached user and goes to /. */
export function useSignOut() {
  const { toast } = useToast();
  const endSession = useEndSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callRoute(authRoutes.logout),
    onSuccess: () => {
      endSession();
      navigate('/', { replace: true });
      toast({ title: Messages.loggedOut });
    },
    onError: (error) => toast({ title: Messages.logoutFailed, description: error.message, variant: 'destructive' }),
  });
}
