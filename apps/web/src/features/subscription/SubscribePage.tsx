import { Alert, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ConstructionIcon from '@mui/icons-material/Construction';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import LockIcon from '@mui/icons-material/Lock';
import { Messages, SubscriptionMessages } from '@fodmap/contracts';
import { useToast } from '@fodmap/web-ui';
import { serverMessage } from '@fodmap/web-client';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ScreenBody } from '../../components/ScreenBody';
import { ScreenHeader } from '../../components/ScreenHeader';
import { lazyNamed } from '../../lib/lazy-named';
import { useScreenTitle } from '../branding/use-screen-title';
import { useSession } from '../session/use-session';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { useCancelSubscription } from './subscription-api';
import { useSubscriptionStatus } from './use-subscription-status';
import { useBackToClose } from '../../lib/use-back-to-close';

// Stripe's code comes with this chunk: fetched only when a payment form is about to show.
const PaymentForm = lazyNamed(() => import('./PaymentForm'), 'PaymentForm');
const AwaitingActivation = lazyNamed(() => import('./PaymentForm'), 'AwaitingActivation');

/** Stripe's return from a payment that left the page (return_url) says how it went in this query parameter. */
const REDIRECT_STATUS = 'redirect_status';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString();

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

const toDashboard = (label: string) => (
  <Button component={RouterLink} to="/dashboard" variant="contained">
    {label}
  </Button>
);

/** Cancels at the end of the paid period, after the person has said so once more. */
function CancelSubscription() {
  const [asking, setAsking] = useState(false);
  useBackToClose(asking, () => setAsking(false));
  const cancel = useCancelSubscription();
  const { toast } = useToast();
  const handleUnauthorized = useUnauthorizedHandler();
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => setAsking(false),
      onError: (error) => {
        if (!handleUnauthorized(error)) toast({ title: SubscriptionMessages.cancel, description: serverMessage(error, error.message), variant: 'destructive' });
      },
    });
  return (
    <>
      <Button color="error" onClick={() => setAsking(true)}>
        {SubscriptionMessages.cancel}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-label={SubscriptionMessages.cancel}>
        <DialogContent>
          <DialogContentText>{SubscriptionMessages.cancelConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Keep Subscription</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={cancel.isPending}>
            {SubscriptionMessages.cancel}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Spec §2 /subscribe and issue 11: the account's subscription, and the way to pay for or cancel it. */
export function SubscribePage() {
  useScreenTitle('Subscription');
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const subscription = useSubscriptionStatus();
  const handleUnauthorized = useUnauthorizedHandler();

  useEffect(() => {
    if (subscription.error) handleUnauthorized(subscription.error);
  }, [subscription.error, handleUnauthorized]);

  if (!user) {
    return (
      <ScreenBody>
        <Notice icon={<LockIcon />} title={SubscriptionMessages.authenticationRequired} action={
          <Button component={RouterLink} to="/login" variant="contained">
            {SubscriptionMessages.logIn}
          </Button>
        } />
      </ScreenBody>
    );
  }

  const status = subscription.data;
  let content: ReactNode;
  if (subscription.isPending) content = <CenteredSpinner />;
  else if (!status) content = <Alert severity="error">{serverMessage(subscription.error, String(subscription.error))}</Alert>;
  else if (status.status === 'active')
    content = (
      <Notice icon={<CheckCircleIcon />} title={SubscriptionMessages.subscribed} action={toDashboard(SubscriptionMessages.goToDashboard)}>
        <Typography color="text.secondary">{SubscriptionMessages.renewsOn(formatDate(status.subscriptionEndsAt))}</Typography>
        <CancelSubscription />
      </Notice>
    );
  else if (searchParams.get(REDIRECT_STATUS) === 'succeeded') content = <AwaitingActivation />;
  else if (status.status === 'canceled')
    content = (
      <Notice icon={<EventBusyIcon />} title={SubscriptionMessages.canceled} action={toDashboard(SubscriptionMessages.goToDashboard)}>
        <Typography color="text.secondary">{SubscriptionMessages.endsOn(formatDate(status.subscriptionEndsAt))}</Typography>
      </Notice>
    );
  else if (!status.paymentsAvailable)
    content = (
      <Notice icon={<ConstructionIcon />} title={SubscriptionMessages.serviceTitle} action={toDashboard(SubscriptionMessages.backToApp)}>
        <Typography color="text.secondary">{SubscriptionMessages.beingSetUp}</Typography>
        {status.status === 'trial' && status.daysLeft > 0 && <Typography fontWeight={600}>{Messages.trialDaysLeft(status.daysLeft)}</Typography>}
      </Notice>
    );
  else
    content = (
      <Stack spacing={2}>
        {status.status === 'past_due' && <Alert severity="error">{SubscriptionMessages.pastDue}</Alert>}
        {status.status === 'trial' && status.daysLeft > 0 && <Alert severity="info">{Messages.trialDaysLeft(status.daysLeft)}</Alert>}
        <PaymentForm />
      </Stack>
    );

  return (
    <>
      <ScreenHeader title="Subscription" />
      <ScreenBody>{content}</ScreenBody>
    </>
  );
}
