import { Rpc, SubscriptionMessages } from '@fodmap/contracts';
import { ServiceCaller, startService } from '@fodmap/testing';
import { INestMicroservice } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppModule } from '../app.module';

let identity: INestMicroservice;
let services: ServiceCaller;
beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  identity = await startService('identity', AppModule);
  services = await ServiceCaller.connect();
});
afterAll(async () => {
  await services?.close();
  await identity?.close();
});

describe('without STRIPE_SECRET_KEY', () => {
  it('keeps the trial, says payments are not available and answers 503 to subscribing, cancelling and webhooks', async () => {
    const user = await services.call(Rpc.identity.register, {
      input: { email: `unpaid.${Date.now()}@example.com`, password: 'correct horse', firstName: 'Una', lastName: 'Paid' },
    });
    const caller = { userId: user.id, timeZone: 'UTC' };
    expect(await services.call(Rpc.identity.subscriptionStatus, { caller })).toMatchObject({ status: 'trial', daysLeft: 14, paymentsAvailable: false });
    const notConfigured = { status: 503, message: SubscriptionMessages.notConfigured };
    expect(await services.failure(Rpc.identity.createSubscription, { caller })).toEqual(notConfigured);
    expect(await services.failure(Rpc.identity.cancelSubscription, { caller })).toEqual(notConfigured);
    expect(await services.failure(Rpc.identity.stripeWebhook, { payload: '{}', signature: 't=1,v1=00' })).toEqual(notConfigured);
  });
});
