import { Alert, Button, Stack } from '@mui/material';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when loadStripe is called, not as this module is imported.
import { loadStripe } from '@stripe/stripe-js/pure';
import { SubscriptionMessages } from '@fodmap/contracts';
import { serverMessage } from '@fodmap/web-client';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { useUnauthorizedHandler } from '../session/use-unauthorized';
import { useCreateSubscription } from './subscription-api';
import { useSubscriptionStatus } from './use-subscription-status';

/** Where Stripe sends the browser back to after a payment method that leaves the page (a bank's own check). */
const returnUrl = () => `${window.location.origin}/subscribe`;

/**
 * Once the payment is confirmed: ask for the status at once (the cached one predates the payment), then again until
 * Stripe's webhook has made the subscription active.
 */
export function AwaitingActivation() {
  const { refetch } = useSubscriptionStatus({ untilActive: true });
  useEffect(() => void refetch(), [refetch]);
  return <CenteredSpinner />;
}

function CheckoutForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setFailure(null);
    const { error } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl() } });
    setSubmitting(false);
    // Stripe's message says what is wrong with the card in words a payer understands.
    if (error) setFailure(error.message ?? SubscriptionMessages.paymentFailed);
    else setPaid(true);
  };

  if (paid) return <AwaitingActivation />;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Payment">
      <PaymentElement />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button type="submit" variant="contained" disabled={!stripe || !elements || submitting}>
        {SubscriptionMessages.payNow}
      </Button>
    </Stack>
  );
}

/**
 * Issue 11: the subscription's first payment in Stripe's Payment Element. Its own chunk, so Stripe's code is fetched
 * only by someone about to pay.
 */
export function PaymentForm() {
  const handleUnauthorized = useUnauthorizedHandler();
  const create = useCreateSubscription();
  const { mutate } = create;
  useEffect(() => mutate(), [mutate]);
  useEffect(() => {
    if (create.error) handleUnauthorized(create.error);
  }, [create.error, handleUnauthorized]);

  const publishableKey = create.data?.publishableKey;
  const stripePromise = useMemo(() => (publishableKey ? loadStripe(publishableKey) : null), [publishableKey]);

  if (create.isError) return <Alert severity="error">{serverMessage(create.error, create.error.message)}</Alert>;
  if (!create.data || !stripePromise) return <CenteredSpinner />;
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: create.data.clientSecret }}>
      <CheckoutForm />
    </Elements>
  );
}
