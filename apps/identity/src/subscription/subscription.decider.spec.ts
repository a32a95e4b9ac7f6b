import { describe, expect, it } from '@jest/globals';
import { fold } from '@fodmap/server';
import { subscriptionDecider, SubscriptionRow } from './subscription.decider';

const endsAt = new Date('2026-04-01T00:00:00.000Z');
const row: SubscriptionRow = { userId: 9, status: 'active', endsAt, stripeChangedAt: new Date('2026-03-01T10:00:00.000Z') };
const change = (createdAt: string, periodEnd: Date | null = null) => ({
  type: 'ApplyStripeChange' as const,
  stripeEventId: 'evt_1',
  change: { customerId: 'cus_1', status: 'past_due' as const, periodEnd, createdAt: new Date(createdAt) },
});

describe('a Stripe change to a subscription decides', () => {
  it('records the change with the stored period end when Stripe gives none, and the row follows it', () => {
    const events = subscriptionDecider.decide(change('2026-03-02T10:00:00.000Z'), row);

    expect(events).toEqual([{ type: 'SubscriptionChanged', schemaVersion: 1, data: { userId: 9, stripeEventId: 'evt_1', status: 'past_due', currentPeriodEnd: endsAt.toISOString() } }]);
    expect(fold(subscriptionDecider, events, row)).toEqual({ ...row, status: 'past_due' });
  });

  it('records nothing for a change older than the last one applied (Stripe does not promise order), nor for no one', () => {
    expect(subscriptionDecider.decide(change('2026-03-01T09:59:59.000Z'), row)).toEqual([]);
    expect(subscriptionDecider.decide(change('2026-03-02T10:00:00.000Z'), null)).toEqual([]);
  });

  it('applies a change of the same second as the last one, and moves the period end when Stripe gives one', () => {
    const next = new Date('2026-05-01T00:00:00.000Z');

    expect(subscriptionDecider.decide(change('2026-03-01T10:00:00.000Z', next), row)).toMatchObject([{ data: { currentPeriodEnd: next.toISOString() } }]);
  });
});
