import { Alert, AlertTitle, Button } from '@mui/material';
import { Messages, SubscriptionMessages, type SubscriptionStatus } from '@fodmap/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { subscriptionBannerState } from './subscription-banner-state';

/** Once dismissed, the countdown stays away for the rest of this tab's session instead of returning on every visit home. */
const DISMISSED_KEY = 'subscriptionBannerDismissed';

/** Spec §2 Dashboard, §4 Subscription: the trial countdown, or the expired notice with a way to subscribe. */
export function SubscriptionBanner({ subscription }: { subscription: SubscriptionStatus | null | undefined }) {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === 'true');
  const state = subscriptionBannerState(subscription);

  if (state.kind === 'hidden') return null;

  if (state.kind === 'expired') {
    // Access is denied at this point, so the notice cannot be waved away.
    return (
      <Alert
        severity="error"
        variant="filled"
        aria-label="Subscription"
        action={
          <Button component={RouterLink} to="/subscribe" color="inherit" variant="outlined" size="small">
            {SubscriptionMessages.subscribeNow}
          </Button>
        }
      >
        <AlertTitle sx={{ mb: 0 }}>{state.inTrial ? SubscriptionMessages.trialExpired : SubscriptionMessages.subscriptionExpired}</AlertTitle>
      </Alert>
    );
  }

  if (state.kind === 'pastDue') {
    // A failing payment needs acting on before access ends, so it is not dismissable either.
    return (
      <Alert
        severity="error"
        aria-label="Subscription"
        action={
          <Button component={RouterLink} to="/subscribe" color="inherit" size="small">
            {SubscriptionMessages.payNow}
          </Button>
        }
      >
        {SubscriptionMessages.pastDue}
      </Alert>
    );
  }

  if (dismissed) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, 'true');
    setDismissed(true);
  };

  return (
    <Alert severity={state.tone} aria-label="Subscription" onClose={dismiss} slotProps={{ closeButton: { 'aria-label': 'Dismiss' } }}>
      {state.inTrial ? Messages.trialDaysLeft(state.daysLeft) : Messages.subscriptionDaysLeft(state.daysLeft)}{' '}
      <Button component={RouterLink} to="/subscribe" size="small" color="inherit" sx={{ textDecoration: 'underline', p: 0, minWidth: 0, verticalAlign: 'baseline' }}>
        Upgrade
      </Button>
    </Alert>
  );
}
