import { authRoutes, Messages } from '@fodmap/contracts';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@fodmap/web-ui';
import { hrefOf, isUnauthorized } from '@fodmap/web-client';
import { usePaymentRequiredHandler } from '../subscription/use-payment-required';
import { useEndSession } from './use-end-session';

/** Spec §9: the pause that lets a person read why they are being sent away. */
export const UNAUTHORIZED_REDIRECT_MS = 500;
/** The server answers this with a redirect to its sign-in page (spec §7). */
export const SERVER_LOGIN_PATH = hrefOf(authRoutes.signInPage);

/**
 * Spec §8 Unauthorized: a protected action answered 401, so the session is gone. Returns whether it handled the
 * error, so callers fall through to their own message for every other failure. A 402 (issue 11: the trial or
 * subscription has ended) is handled here too, since every screen already sends its failures through this first.
 */
export function useUnauthorizedHandler() {
  const { toast } = useToast();
  const handlePaymentRequired = usePaymentRequiredHandler();
  return useCallback(
    (error: unknown): boolean => {
      if (handlePaymentRequired(error)) return true;
      if (!isUnauthorized(error)) return false;
      toast({ title: Messages.unauthorized, description: Messages.loggedOutRelogin, variant: 'destructive' });
      // A full page load, so nothing cached for the old session survives.
      window.setTimeout(() => window.location.assign(SERVER_LOGIN_PATH), UNAUTHORIZED_REDIRECT_MS);
      return true;
    },
    [toast, handlePaymentRequired],
  );
}

/** The same rule for a read: once it fails with 401 (spec §2 Diary, Search and Insights). */
export function useUnauthorizedRead(error: Error | null) {
  const handleUnauthorized = useUnauthorizedHandler();
  useEffect(() => {
    if (error) handleUnauthorized(error);
  }, [error, handleUnauthorized]);
}

/** The home screen's variant of the same rule (spec §2 Dashboard): back to / in the app, with its own wording. */
export function useSessionExpiredHandler() {
  const { toastMessage } = useToast();
  const endSession = useEndSession();
  const navigate = useNavigate();
  const handlePaymentRequired = usePaymentRequiredHandler();
  return useCallback(
    (error: unknown): boolean => {
      if (handlePaymentRequired(error)) return true;
      if (!isUnauthorized(error)) return false;
      toastMessage(Messages.sessionExpired, 'destructive');
      window.setTimeout(() => {
        endSession();
        navigate('/', { replace: true });
      }, UNAUTHORIZED_REDIRECT_MS);
      return true;
    },
    [toastMessage, endSession, navigate, handlePaymentRequired],
  );
}
