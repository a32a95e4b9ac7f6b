import { Rpc, SubscriptionMessages } from '@fodmap/contracts';
import { describe, expect, it } from '@jest/globals';
import { identityUnderTest } from '../testing/identity-fixtures';

const identity = identityUnderTest(() => ({ STRIPE_SECRET_KEY: undefined }));

describe('without STRIPE_SECRET_KEY', () => {
  it('keeps the trial, says payments are not available and answers 503 to subscribing, cancelling and webhooks', async () => {
    const user = await identity.services.call(Rpc.identity.register, {
      input: { email: `unpaid.${Date.now()}@example.com`, password: 'correct horse', firstName: 'Una', lastName: 'Paid' },
    });
    const caller = { userId: user.id, timeZone: 'UTC' };
    expect(await identity.services.call(Rpc.identity.subscriptionStatus, { caller })).toMatchObject({ status: 'trial', daysLeft: 14, paymentsAvailable: false });
    const notConfigured = { status: 503, message: SubscriptionMessages.notConfigured };
    expect(await identity.services.failure(Rpc.identity.createSubscription, { caller })).toEqual(notConfigured);
    expect(await identity.services.failure(Rpc.identity.cancelSubscription, { caller })).toEqual(notConfigured);
    expect(await identity.services.failure(Rpc.identity.stripeWebhook, { payload: '{}', signature: 't=1,v1=00' })).toEqual(notConfigured);
  });
});
