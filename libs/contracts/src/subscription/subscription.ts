export const TRIAL_DAYS = 14;
export const TRIAL_AMBER_DAYS = 7;
export const TRIAL_RED_DAYS = 3;

/**
 * Spec §3 Subscription status (issue 11): trial, then active once paid; past_due while a renewal payment is failing
 * (access continues until subscriptionEndsAt); canceled = will not renew, active until subscriptionEndsAt; expired
 * once no days are left in a trial or subscription.
 */
export const SUBSCRIPTION_STATES = ['trial', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export interface SubscriptionStatus {
  status: SubscriptionState;
  daysLeft: number;
  subscriptionEndsAt: string;
  /** True when the payment provider is configured (STRIPE_SECRET_KEY): /subscribe can take a payment. */
  paymentsAvailable: boolean;
}

/** Spec §4: whether an account may still create and analyse (reading and exporting one's own data is always open). */
export function subscriptionAllowsWrites(status: SubscriptionStatus): boolean {
  return status.status !== 'expired';
}

/** POST /api/create-subscription: what the Payment Element needs. */
export interface CreateSubscriptionReply {
  clientSecret: string;
  subscriptionId: string;
  /** The Stripe publishable key for the browser (STRIPE_PUBLISHABLE_KEY). */
  publishableKey: string;
}

/** The subscription strings (spec §2 /subscribe, §4 banner; issue 11). */
export const SubscriptionMessages = {
  authenticationRequired: 'Authentication Required',
  logIn: 'Log In',
  subscribed: "You're Subscribed!",
  renewsOn: (date: string) => `Your subscription renews on ${date}.`,
  endsOn: (date: string) => `Your subscription ends on ${date}.`,
  goToDashboard: 'Go to Dashboard',
  serviceTitle: 'Subscription Service',
  beingSetUp: 'Our subscription service is currently being set up.',
  trialDaysLeft: (days: number) => `You have ${days} days left in your free trial`,
  backToApp: 'Back to App',
  subscribeNow: 'Subscribe Now',
  payNow: 'Subscribe',
  cancel: 'Cancel Subscription',
  cancelConfirm: 'Cancel your subscription? You keep access until the end of the period you paid for.',
  canceled: 'Your subscription will not renew.',
  pastDue: 'Your last payment failed. Please update your payment method to keep your subscription.',
  trialExpired: 'Trial Expired',
  subscriptionExpired: 'Subscription Expired',
  /** The 402 every gated route answers for an expired account. */
  expiredGated: 'Your free trial or subscription has ended. Subscribe to keep logging meals and symptoms and to see new insights; your data stays readable and exportable.',
  notConfigured: 'Subscriptions are not available yet: the payment service is not configured.',
  alreadyActive: 'You already have an active subscription.',
  noSubscription: 'You have no subscription to cancel.',
  webhookSignatureInvalid: 'Invalid Stripe signature',
  paymentFailed: 'Payment failed. Please try another card.',
} as const;
