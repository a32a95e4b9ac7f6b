import { describe, expect, it } from '@jest/globals';
import { daysLeft, subscriptionStatusAt, trialEndsAt } from './subscription-status';

const registeredAt = new Date('2025-03-01T10:00:00Z');
const hours = (n: number) => new Date(registeredAt.getTime() + n * 60 * 60 * 1000);

describe('trial', () => {
  it('ends 14 days after registration', () => {
    expect(trialEndsAt(registeredAt).toISOString()).toBe('2025-03-15T10:00:00.000Z');
  });

  it('has 14 days left at registration and still 14 an hour later', () => {
    const endsAt = trialEndsAt(registeredAt);
    expect(daysLeft(endsAt, registeredAt)).toBe(14);
    expect(daysLeft(endsAt, hours(1))).toBe(14);
    expect(daysLeft(endsAt, hours(24))).toBe(13);
  });

  it('counts the last hour as a day left and the end as none', () => {
    const endsAt = trialEndsAt(registeredAt);
    expect(daysLeft(endsAt, hours(14 * 24 - 1))).toBe(1);
    expect(daysLeft(endsAt, endsAt)).toBe(0);
    expect(daysLeft(endsAt, hours(30 * 24))).toBe(0);
  });
});

describe('subscriptionStatusAt', () => {
  const trial = { status: 'trial' as const, endsAt: trialEndsAt(registeredAt) };

  it('reports the trial with its days left and end', () => {
    expect(subscriptionStatusAt(trial, hours(36))).toEqual({ status: 'trial', daysLeft: 13, subscriptionEndsAt: '2025-03-15T10:00:00.000Z' });
  });

  it('reports expired once no day is left', () => {
    expect(subscriptionStatusAt(trial, hours(15 * 24))).toEqual({ status: 'expired', daysLeft: 0, subscriptionEndsAt: '2025-03-15T10:00:00.000Z' });
  });

  it('keeps a paid subscription active past its period end until Stripe reports the renewal or its end', () => {
    const endsAt = new Date('2025-04-01T00:00:00Z');
    expect(subscriptionStatusAt({ status: 'active', endsAt }, new Date('2025-04-02T00:00:00Z'))).toEqual({ status: 'active', daysLeft: 0, subscriptionEndsAt: endsAt.toISOString() });
    expect(subscriptionStatusAt({ status: 'canceled', endsAt }, new Date('2025-04-02T00:00:00Z')).status).toBe('expired');
    expect(subscriptionStatusAt({ status: 'past_due', endsAt }, new Date('2025-04-02T00:00:00Z')).status).toBe('expired');
  });

  it('reports a subscription Stripe ended as expired with no day left', () => {
    expect(subscriptionStatusAt({ status: 'expired', endsAt: hours(2) }, registeredAt)).toEqual({ status: 'expired', daysLeft: 0, subscriptionEndsAt: hours(2).toISOString() });
  });
});
