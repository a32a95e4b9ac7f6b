import { StripeConfig } from '@fodmap/server';
import Stripe from 'stripe';

/** What identity needs from Stripe; absent (null) when STRIPE_SECRET_KEY is not set: the product then stays in trial. */
export interface StripeBilling {
  client: Stripe;
  priceId: string;
  publishableKey: string;
  webhookSecret: string;
}

export const STRIPE_BILLING = Symbol('STRIPE_BILLING');

/**
 * The official client for identity's STRIPE_* settings. STRIPE_API_URL points it at another host (the tests' fake
 * Stripe server); without it the client talks to api.stripe.com.
 */
export function stripeBillingFrom(config: StripeConfig | null): StripeBilling | null {
  if (!config) return null;
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api && { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol === 'https:' ? 'https' : 'http' }),
  });
  return {
    client,
    priceId: config.priceId,
    publishableKey: config.publishableKey,
    webhookSecret: config.webhookSecret,
  };
}
