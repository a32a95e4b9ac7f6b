import { Alert, Button, Stack, Typography } from '@mui/material';
import { NotificationsMessages } from '@fodmap/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { AuthCard } from '../auth/AuthCard';
import { useScreenTitle } from '../branding/use-screen-title';
import { isLinkRefused, linkProblem, useUnsubscribe } from './emails-api';
import { NextStep } from './NextStep';

const PROFILE = { signedInTo: '/profile', signedInLabel: 'Open Profile' };

/**
 * /unsubscribe?token=…, the link at the foot of every email: turns the email's preference off as soon as it opens,
 * without signing in (the token names the person and the preference).
 */
export function UnsubscribePage() {
  useScreenTitle(NotificationsMessages.unsubscribeTitle);
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  // Once per page: React's strict mode runs effects twice, and refs survive that.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const card = (content: ReactNode) => <AuthCard title={NotificationsMessages.unsubscribeTitle}>{content}</AuthCard>;

  if (!token) return card(<Invalid message={NotificationsMessages.unsubscribeInvalid} />);
  if (unsubscribe.isSuccess)
    return card(
      <Stack spacing={2}>
        <Alert severity="success">{NotificationsMessages.unsubscribed[unsubscribe.data.preference]}</Alert>
        <Typography color="text.secondary">{NotificationsMessages.unsubscribeHint}</Typography>
        <NextStep {...PROFILE} />
      </Stack>,
    );
  if (unsubscribe.isError)
    return card(
      isLinkRefused(unsubscribe.error) ? (
        <Invalid message={NotificationsMessages.unsubscribeInvalid} />
      ) : (
        <Stack spacing={2}>
          <Alert severity="error">{linkProblem(unsubscribe.error, NotificationsMessages.unsubscribeInvalid)}</Alert>
          <Button variant="contained" size="large" onClick={() => mutate(token)}>
            Try Again
          </Button>
        </Stack>
      ),
    );
  return <CenteredSpinner />;
}

function Invalid({ message }: { message: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error">{message}</Alert>
      <NextStep {...PROFILE} />
    </Stack>
  );
}
