import { SubscriptionChangedV1 } from '@fodmap/contracts';
import type Stripe from 'stripe';

/** What one Stripe event means for a person's subscription; null for an event that changes nothing here. */
export interface StripeSubscriptionChange {
  customerId: string;
  status: SubscriptionChangedV1['status'];
  /** The new end of the paid period; null keeps the stored one (a failed renewal does not move it). */
  periodEnd: Date | null;
  /** When Stripe created the event: what orders events delivered out of order. */
  createdAt: Date;
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Stripe's subscription statuses as the product's (spec §3); incomplete and paused change nothing here. */
function stateOf(subscription: Stripe.Subscription): SubscriptionChangedV1['status'] | null {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return 'expired';
  if (subscription.cancel_at_period_end || subscription.cancel_at !== null) return 'canceled';
  if (subscription.status === 'active' || subscription.status === 'trialing') return 'active';
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') return 'past_due';
  return null;
}

function change(customer: string | { id: string } | null, status: SubscriptionChangedV1['status'] | null, periodEnd: Date | null, event: Stripe.Event): StripeSubscriptionChange | null {
  const customerId = idOf(customer);
  return customerId && status ? { customerId, status, periodEnd, createdAt: fromUnix(event.created) } : null;
}

/** Payment succeeded → active until the paid period's end; payment failed → past_due; updated; deleted → expired. */
export function subscriptionChangeOf(event: Stripe.Event): StripeSubscriptionChange | null {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object;
      const periodEnd = invoice.lines.data[0]?.period.end;
      return change(invoice.customer, 'active', periodEnd === undefined ? null : fromUnix(periodEnd), event);
    }
    case 'invoice.payment_failed':
      return change(event.data.object.customer, 'past_due', null, event);
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const periodEnd = subscription.items.data[0]?.current_period_end;
      return change(subscription.customer, stateOf(subscription), periodEnd === undefined ? null : fromUnix(periodEnd), event);
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return change(subscription.customer, 'expired', fromUnix(subscription.ended_at ?? event.created), event);
    }
    default:
      return null;
  }
}
