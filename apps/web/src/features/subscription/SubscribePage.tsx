import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ConstructionIcon from '@mui/icons-material/Construction';
import LockIcon from '@mui/icons-material/Lock';
import { Messages } from '@fodmap/contracts';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useSession } from '../session/use-session';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { useSubscriptionStatus } from './use-subscription-status';
import { useScreenTitle } from '../branding/use-screen-title';

function Notice({ icon, title, children, action }: { icon: ReactNode; title: string; children?: ReactNode; action: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} alignItems="center" textAlign="center" sx={{ py: 2 }}>
          <Stack sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }} aria-hidden>
            {icon}
          </Stack>
          <Typography variant="h5" component="h2" fontWeight={700}>
            {title}
          </Typography>
          {children}
          {action}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Spec §2 /subscribe. Payments are not wired up yet, so a trial sees the "being set up" notice. */
export function SubscribePage() {
  useScreenTitle('Subscription');
  const { user } = useSession();
  const subscription = useSubscriptionStatus();
  const handleUnauthorized = useUnauthorizedHandler();

  useEffect(() => {
    if (subscription.error) handleUnauthorized(subscription.error);
  }, [subscription.error, handleUnauthorized]);

  if (!user) {
    return (
      <ScreenBody>
        <Notice
          icon={<LockIcon />}
          title={Messages.authenticationRequired}
          action={
            <Button component={RouterLink} to="/login" variant="contained">
              Log In
            </Button>
          }
        />
      </ScreenBody>
    );
  }

  return (
    <>
      <ScreenHeader title="Subscription" />
      <ScreenBody>
        {subscription.isPending ? (
          <CenteredSpinner />
        ) : subscription.data?.status === 'active' ? (
          <Notice
            icon={<CheckCircleIcon />}
            title={Messages.subscribed}
            action={
              <Button component={RouterLink} to="/dashboard" variant="contained">
                Go to Dashboard
              </Button>
            }
          >
            <Typography color="text.secondary">Your subscription renews on {new Date(subscription.data.subscriptionEndsAt).toLocaleDateString()}.</Typography>
          </Notice>
        ) : (
          <Notice
            icon={<ConstructionIcon />}
            title={Messages.subscriptionServiceTitle}
            action={
              <Button component={RouterLink} to="/dashboard" variant="contained">
                Back to App
              </Button>
            }
          >
            <Typography color="text.secondary">{Messages.subscriptionBeingSetUp}.</Typography>
            {subscription.data && subscription.data.daysLeft > 0 && <Typography fontWeight={600}>{Messages.trialDaysLeft(subscription.data.daysLeft)}</Typography>}
          </Notice>
        )}
      </ScreenBody>
    </>
  );
}
