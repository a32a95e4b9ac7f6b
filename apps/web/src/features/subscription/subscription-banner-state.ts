import { TRIAL_AMBER_DAYS, TRIAL_RED_DAYS, type SubscriptionStatus } from '@fodmap/contracts';

/** Blue, amber and red in the MUI palette. */
export type BannerTone = 'info' | 'warning' | 'error';

export type SubscriptionBannerState =
  | { kind: 'hidden' }
  | { kind: 'countdown'; tone: BannerTone; daysLeft: number; inTrial: boolean }
  /** Issue 11: a renewal payment is failing; access continues until the period ends, so this asks, it does not bar. */
  | { kind: 'pastDue'; daysLeft: number }
  /**
   * `inTrial` picks 'Trial Expired' over 'Subscription Expired'. The server answers a spent trial as 'expired', which
   * does not say what ran out, so that keeps the spec's wording ('Trial Expired'); only a canceled or past-due
   * subscription at 0 days is known to be a subscription.
   */
  | { kind: 'expired'; inTrial: boolean };

/** Spec §4 Subscription: what the banner shows for a subscription status. */
export function subscriptionBannerState(subscription: SubscriptionStatus | null | undefined): SubscriptionBannerState {
  if (!subscription || subscription.status === 'active') return { kind: 'hidden' };
  const { status, daysLeft } = subscription;
  if (status === 'expired' || daysLeft <= 0) return { kind: 'expired', inTrial: status === 'trial' || status === 'expired' };
  if (status === 'past_due') return { kind: 'pastDue', daysLeft };
  const tone: BannerTone = daysLeft > TRIAL_AMBER_DAYS ? 'info' : daysLeft > TRIAL_RED_DAYS ? 'warning' : 'error';
  return { kind: 'countdown', tone, daysLeft, inTrial: status === 'trial' };
}
