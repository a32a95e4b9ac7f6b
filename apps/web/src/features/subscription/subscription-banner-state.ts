import { TRIAL_AMBER_DAYS, TRIAL_RED_DAYS, type SubscriptionStatus } from '@fodmap/contracts';

/** Blue, amber and red in the MUI palette. */
export type BannerTone = 'info' | 'warning' | 'error';

export type SubscriptionBannerState =
  | { kind: 'hidden' }
  | { kind: 'countdown'; tone: BannerTone; daysLeft: number; inTrial: boolean }
  | { kind: 'expired' };

/** Spec §4 Subscription: what the banner shows for a subscription status. */
export function subscriptionBannerState(subscription: SubscriptionStatus | null | undefined): SubscriptionBannerState {
  if (!subscription || subscription.status === 'active') return { kind: 'hidden' };
  if (subscription.daysLeft <= 0) return { kind: 'expired' };
  const { daysLeft } = subscription;
  const tone: BannerTone = daysLeft > TRIAL_AMBER_DAYS ? 'info' : daysLeft > TRIAL_RED_DAYS ? 'warning' : 'error';
  return { kind: 'countdown', tone, daysLeft, inTrial: subscription.status === 'trial' };
}
