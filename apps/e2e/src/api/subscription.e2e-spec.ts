import { Messages, SubscriptionMessages } from '@fodmap/contracts';
import { signedStripeEvent, stripeEvent } from '@fodmap/testing';
import { deliver, invoicePaid, postWebhook, settings, stripe } from '../support/stripe';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ApiSession, registerUser } from '../support/api';
import { provided } from '../support/provided';

const db = new Client({ connectionString: provided('databaseUrl') });
beforeAll(() => db.connect());
afterAll(() => db.end());

async function subscriber(label: string): Promise<{ api: ApiSession; subscriptionId: string }> {
  const { api } = await registerUser(label);
  const res = await api.post('/api/create-subscription');
  expect(res.status).toBe(200);
  return { api, subscriptionId: res.body.subscriptionId };
}

describe('POST /api/create-subscription', () => {
  it('refuses a visitor', async () => {
    expect(await new ApiSession().post('/api/create-subscription')).toMatchObject({ status: 401, body: { message: Messages.unauthorized } });
  });

  it("answers the first payment's client secret and the publishable key; the status stays trial until Stripe reports the payment", async () => {
    const { api } = await registerUser('subscribe');
    const res = await api.post('/api/create-subscription');
    expect(res).toMatchObject({ status: 200, body: { clientSecret: expect.stringMatching(/^pi_.+_secret_/), subscriptionId: expect.stringMatching(/^sub_/), publishableKey: settings.STRIPE_PUBLISHABLE_KEY } });
    expect((await api.get('/api/subscription-status')).body).toMatchObject({ status: 'trial', daysLeft: 14, paymentsAvailable: true });
  });
});

describe('POST /api/stripe/webhook', () => {
  it('takes a signed event from outside the site and makes the account active; a second subscribe is refused', async () => {
    const { api, subscriptionId } = await subscriber('paid');
    const res = await deliver(await invoicePaid(subscriptionId));
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { received: true } });
    expect((await api.get('/api/subscription-status')).body).toMatchObject({ status: 'active', daysLeft: 30 });
    expect(await api.post('/api/create-subscription')).toMatchObject({ status: 409, body: { message: SubscriptionMessages.alreadyActive } });
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { api, subscriptionId } = await subscriber('forged');
    const { payload } = signedStripeEvent(await invoicePaid(subscriptionId), settings.STRIPE_WEBHOOK_SECRET);
    const forged = signedStripeEvent(JSON.parse(payload), 'whsec_not_the_stacks').signature;
    for (const signature of [forged, undefined]) {
      const res = await postWebhook(payload, signature);
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { message: SubscriptionMessages.webhookSignatureInvalid } });
    }
    expect((await api.get('/api/subscription-status')).body.status).toBe('trial');
  });
});

describe('POST /api/cancel-subscription', () => {
  it('cancels at period end, keeping access; Stripe deleting it at the end gates the account at once', async () => {
    const { api, subscriptionId } = await subscriber('cancel');
    await deliver(await invoicePaid(subscriptionId));
    const periodEnd = new Date((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0].current_period_end * 1000).toISOString();
    expect(await api.post('/api/cancel-subscription')).toMatchObject({ status: 200, body: { status: 'canceled', daysLeft: 30, subscriptionEndsAt: periodEnd } });
    expect((await api.post('/api/symptoms', { symptomType: 'gas', severity: 'mild' })).status).toBe(201);
    const ended = await stripe.subscriptions.cancel(subscriptionId);
    await deliver(stripeEvent('customer.subscription.deleted', ended));
    expect((await api.get('/api/subscription-status')).body).toMatchObject({ status: 'expired', daysLeft: 0 });
    expect(await api.post('/api/symptoms', { symptomType: 'gas', severity: 'mild' })).toMatchObject({ status: 402, body: { message: SubscriptionMessages.expiredGated } });
  });

  it('answers 404 to someone in trial', async () => {
    const { api } = await registerUser('nocancel');
    expect(await api.post('/api/cancel-subscription')).toMatchObject({ status: 404, body: { message: SubscriptionMessages.noSubscription } });
  });
});

describe('gating of an expired account', () => {
  let api: ApiSession;
  let mealId: number;
  let symptomId: number;
  beforeAll(async () => {
    const person = await registerUser('expired');
    api = person.api;
    mealId = (await api.post('/api/meals', { mealType: 'lunch', name: 'Rice', timestamp: new Date().toISOString() })).body.id;
    symptomId = (await api.post('/api/symptoms', { symptomType: 'pain', severity: 'mild' })).body.id;
    // The trial runs out (time passing, not a request through the gateway): the gate sees it once the status it
    // cached for the creates above is older than its 5 seconds.
    await db.query("UPDATE identity.subscriptions SET ends_at = now() - interval '1 day' WHERE user_id = $1", [person.user.id]);
    await new Promise((resolve) => setTimeout(resolve, 5_100));
  });

  it('answers 402 with the message the app shows to creating or correcting meals and symptoms, insights and AI search', async () => {
    const gated = [
      await api.post('/api/meals', { mealType: 'dinner', name: 'Soup', timestamp: new Date().toISOString() }),
      await api.post(`/api/meals/${mealId}/foods`, { foodId: 1, quantity: 1, servingUnit: 'serving' }),
      await api.patch(`/api/meals/${mealId}`, { name: 'Rice bowl' }),
      await api.patch(`/api/meals/${mealId}/foods/1`, { quantity: 2, servingUnit: 'serving' }),
      await api.patch(`/api/meals/${mealId}/complete`, {}),
      await api.post(`/api/meals/${mealId}/repeat`),
      await api.post('/api/symptoms', { symptomType: 'gas', severity: 'mild' }),
      await api.patch(`/api/symptoms/${symptomId}`, { severity: 'severe' }),
      await api.get('/api/insights/activity?period=7'),
      await api.get('/api/insights/correlation?period=7'),
      await api.post('/api/ai-search', { query: 'banana' }),
      await api.post('/api/foods/search-ai-background', { query: 'banana' }),
    ];
    expect(gated.map(({ status, body }) => ({ status, body }))).toEqual(gated.map(() => ({ status: 402, body: { message: SubscriptionMessages.expiredGated } })));
  });

  it('keeps reading and deleting one’s own data open', async () => {
    expect((await api.get('/api/subscription-status')).body).toMatchObject({ status: 'expired', daysLeft: 0 });
    expect((await api.get('/api/meals')).body.map((meal: { id: number }) => meal.id)).toEqual([mealId]);
    expect((await api.get(`/api/meals/${mealId}`)).status).toBe(200);
    expect((await api.get('/api/symptoms')).status).toBe(200);
    expect((await api.delete(`/api/symptoms/${symptomId}`)).status).toBe(200);
    expect((await api.delete(`/api/meals/${mealId}`)).status).toBe(200);
  });
});
