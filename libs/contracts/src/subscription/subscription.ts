export const TRIAL_DAYS = 14;
export const TRIAL_AMBER_DAYS = 7;
export const TRIAL_RED_DAYS = 3;

/** Spec §3 Subscription status. */
export interface SubscriptionStatus {
  status: 'trial' | 'active' | 'expired' | 'canceled';
  daysLeft: number;
  subscriptionEndsAt: string;
}
