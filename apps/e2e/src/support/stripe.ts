import { httpContract } from '@fodmap/contracts';
import { signedStripeEvent, stripeEvent } from '@fodmap/testing';
import Stripe from 'stripe';
import { provided } from './provided';

// The e2e stack's fake Stripe as the tests reach it: what Stripe itself would send, signed with the stack's secret.

export const settings = provided('stripe');
const stripeApi = new URL(settings.STRIPE_API_URL);
/** The test's own view of the stack's fake Stripe, through the same client identity uses. */
export const stripe = new Stripe(settings.STRIPE_SECRET_KEY, { host: stripeApi.hostname, port: Number(stripeApi.port), protocol: 'http' });

/** Stripe POSTs from its own servers: no cookie, no Origin, the exact bytes it signed. */
export function postWebhook(payload: string, signature?: string) {
  return fetch(provided('gatewayUrl') + httpContract.subscription.stripeWebhook.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...(signature !== undefined && { 'Stripe-Signature': signature }) },
    body: payload,
  });
}

export const deliver = (event: Stripe.Event) => {
  const { payload, signature } = signedStripeEvent(event, settings.STRIPE_WEBHOOK_SECRET);
  return postWebhook(payload, signature);
};

/** invoice.paid for the subscription's current period, as Stripe sends it once the Payment Element has paid. */
export async function invoicePaid(subscriptionId: string): Promise<Stripe.Event> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const { current_period_start: start, current_period_end: end } = subscription.items.data[0];
  return stripeEvent('invoice.paid', { object: 'invoice', customer: subscription.customer, status: 'paid', lines: { object: 'list', data: [{ period: { start, end } }] } });
}
