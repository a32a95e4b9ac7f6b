import { Alert, Button, Stack } from '@mui/material';
import { AccountMessages, authRoutes } from '@fodmap/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { callRoute, serverMessage } from '@fodmap/web-client';
import { AuthCard } from './AuthCard';
import { useResendVerification } from './resend-verification';
import { useScreenTitle } from '../branding/use-screen-title';
import { currentUserKey, useSession } from '../session/use-session';
import { markStartPageSeen } from '../start/start-flag';

/** Issue 20 /verify-email?token=…: the confirmation email's link, opened signed in or not; the token is sent once. */
export function VerifyEmailPage() {
  useScreenTitle('Confirm your email');
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const { user } = useSession();
  const queryClient = useQueryClient();
  const resend = useResendVerification();
  const verify = useMutation({
    mutationFn: () => callRoute(authRoutes.verifyEmail, { body: { token } }),
    // The banner goes, and an admin entry of this address now counts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
  // Once per page, not once per effect run: a second POST of the same token would be refused as used.
  const sent = useRef(false);

  // As the reset link does: this person has an account, so the sign-in this page leads to skips the first visit's intro.
  useEffect(markStartPageSeen, []);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate();
  }, [token, verify]);

  // A link opened again (reloaded, or from the email a second time) is used by then: to the person it confirmed, that
  // is no failure, their address is confirmed.
  const confirmedBefore = verify.isError && user?.emailVerified === true;
  const failed = (!token || verify.isError) && !confirmedBefore;
  return (
    <AuthCard title="Confirm your email">
      <Stack spacing={2}>
        {verify.isSuccess && <Alert severity="success">{verify.data.message || AccountMessages.verifyEmailSuccess}</Alert>}
        {confirmedBefore && <Alert severity="info">{AccountMessages.verifyEmailAlready}</Alert>}
        {failed && <Alert severity="error">{token ? serverMessage(verify.error, AccountMessages.verifyEmailInvalidToken) : AccountMessages.verifyEmailInvalidToken}</Alert>}
        {failed && user && !user.emailVerified && (
          <Button variant="outlined" disabled={resend.isPending} onClick={() => resend.mutate()}>
            Send a new link
          </Button>
        )}
        {(verify.isSuccess || verify.isError || !token) && (
          // In place of this page, whose link is spent: Back from the app then goes where the person was before it.
          <Button component={RouterLink} to="/" replace variant="contained">
            Continue
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
