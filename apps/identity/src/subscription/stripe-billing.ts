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
 * Reads STRIPE_* from the environment. STRIPE_API_URL points the official client at another host (the tests' fake
 * Stripe server); without it the client talks to api.stripe.com.
 */
export function stripeBillingFrom(env: NodeJS.ProcessEnv = process.env): StripeBilling | null {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api && { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol === 'https:' ? 'https' : 'http' }),
  });
  return {
    client,
    priceId: env.STRIPE_PRICE_ID ?? '',
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
  };
}
