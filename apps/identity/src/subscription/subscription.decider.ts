import { domainEvents, IDENTITY, IdentityEvent } from '@fodmap/contracts';
import { Decider, newEvent, NewEvent } from '@fodmap/server';
import { StripeSubscriptionChange } from './stripe-event';
import { SubscriptionEntity } from './subscription.entity';

/** What a Stripe change is decided on: the person's subscription row (stream `user-<id>`); null: no such person. */
export type SubscriptionRow = Pick<SubscriptionEntity, 'userId' | 'status' | 'endsAt' | 'stripeChangedAt'> | null;

export interface ApplyStripeChange {
  type: 'ApplyStripeChange';
  change: StripeSubscriptionChange;
  stripeEventId: string;
}

/**
 * A Stripe change is applied unless it is older than the last one applied (Stripe does not promise delivery order);
 * one without a new period end keeps the stored one (a failed renewal does not move it).
 */
function decide({ change, stripeEventId }: ApplyStripeChange, state: SubscriptionRow): Array<NewEvent<Extract<IdentityEvent, { type: 'SubscriptionChanged' }>>> {
  if (state === null || (state.stripeChangedAt !== null && state.stripeChangedAt > change.createdAt)) return [];
  const endsAt = change.periodEnd ?? state.endsAt;
  return [newEvent(domainEvents[IDENTITY], 'SubscriptionChanged', { userId: state.userId, stripeEventId, status: change.status, currentPeriodEnd: endsAt.toISOString() })];
}

function evolve(state: SubscriptionRow, event: IdentityEvent): SubscriptionRow {
  if (state === null || event.type !== 'SubscriptionChanged') return state;
  return { ...state, status: event.data.status, endsAt: new Date(event.data.currentPeriodEnd) };
}

/** State-stored: its state is the subscription row every user has from registration (`startTrial`). */
export const subscriptionDecider: Decider<SubscriptionRow, ApplyStripeChange, IdentityEvent> = { initialState: () => null, decide, evolve };
