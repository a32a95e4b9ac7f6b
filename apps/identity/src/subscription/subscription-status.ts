import { SubscriptionStatus, TRIAL_DAYS } from '@fodmap/contracts';
import { StoredSubscriptionStatus } from './subscription.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

export function trialEndsAt(startedAt: Date): Date {
  return new Date(startedAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/** Whole days remaining, rounded up so that the last hours still count as a day; never below 0. */
export function daysLeft(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/**
 * Spec §4: with no days left a trial or subscription has expired, whatever was stored, except an active one: a renewal
 * Stripe has not reported yet must not lock out a paying person (Stripe's deleted or failed-payment event ends it).
 */
export function subscriptionStatusAt(subscription: { status: StoredSubscriptionStatus; endsAt: Date }, now: Date): Omit<SubscriptionStatus, 'paymentsAvailable'> {
  const left = subscription.status === 'expired' ? 0 : daysLeft(subscription.endsAt, now);
  return {
    status: left === 0 && subscription.status !== 'active' ? 'expired' : subscription.status,
    daysLeft: left,
    subscriptionEndsAt: subscription.endsAt.toISOString(),
  };
}
