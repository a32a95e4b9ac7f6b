import type { CreateSubscriptionReply, SubscriptionStatus } from '../subscription/subscription';
import { ok, route, routes } from './route';

/** Trial and Stripe subscription (docs/how-it-works.md 'Subscriptions'). */
export const subscriptionRoutes = routes({
  status: route({
    method: 'GET',
    path: '/api/subscription-status',
    access: 'signedIn',
    response: ok<SubscriptionStatus>(),
    errors: [],
    summary: '`trial`, `active`, `past_due`, `canceled` or `expired`, with the days left',
  }),
  create: route({
    method: 'POST',
    path: '/api/create-subscription',
    access: 'signedIn',
    response: ok<CreateSubscriptionReply>(),
    errors: [409],
    summary: "Create (or reuse) the person's Stripe subscription: the first payment's client secret and the publishable key",
    description: '503 while subscriptions are not configured (no STRIPE_SECRET_KEY); 409 for an account already subscribed.',
  }),
  cancel: route({
    method: 'POST',
    path: '/api/cancel-subscription',
    access: 'signedIn',
    response: ok<SubscriptionStatus>(),
    errors: [404],
    summary: "Cancel at the paid period's end, keeping access until then",
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/api/stripe/webhook',
    access: 'stripeSignature',
    response: ok<{ received: true }>(),
    errors: [400],
    summary: "Stripe's events (invoice.paid, invoice.payment_failed, customer.subscription.updated/deleted…)",
    description: 'Verified with the Stripe-Signature header over the raw body; each event id applied once. 400 for a forged or missing signature.',
  }),
});
