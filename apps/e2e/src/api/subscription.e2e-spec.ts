import { Messages, SubscriptionMessages, httpContract } from '@fodmap/contracts';
import { signedStripeEvent, stripeEvent } from '@fodmap/testing';
import { deliver, invoicePaid, postWebhook, settings, stripe } from '../support/stripe';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import { ApiSession, expectOk, okBody, registerUser } from '../support/api';
import { provided } from '../support/provided';

const db = new Client({ connectionString: provided('databaseUrl') });
beforeAll(() => db.connect());
afterAll(() => db.end());

async function subscriber(label: string): Promise<{ api: ApiSession; subscriptionId: string }> {
  const { api } = await registerUser(label);
  const res = await api.call(httpContract.subscription.create);
  expectOk(res);
  return { api, subscriptionId: res.body.subscriptionId };
}

describe('POST /api/create-subscription', () => {
  it('refuses a visitor', async () => {
    expect(await new ApiSession().call(httpContract.subscription.create)).toMatchObject({ status: 401, body: { message: Messages.unauthorized } });
  });

  it("answers the first payment's client secret and the publishable key; the status stays trial until Stripe reports the payment", async () => {
    const { api } = await registerUser('subscribe');
    const res = await api.call(httpContract.subscription.create);
    expect(res).toMatchObject({ status: 200, body: { clientSecret: expect.stringMatching(/^pi_.+_secret_/), subscriptionId: expect.stringMatching(/^sub_/), publishableKey: settings.STRIPE_PUBLISHABLE_KEY } });
    expect((await api.call(httpContract.subscription.status)).body).toMatchObject({ status: 'trial', daysLeft: 14, paymentsAvailable: true });
  });
});

describe('POST /api/stripe/webhook', () => {
  it('takes a signed event from outside the site and makes the account active; a second subscribe is refused', async () => {
    const { api, subscriptionId } = await subscriber('paid');
    const res = await deliver(await invoicePaid(subscriptionId));
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { received: true } });
    expect((await api.call(httpContract.subscription.status)).body).toMatchObject({ status: 'active', daysLeft: 30 });
    expect(await api.call(httpContract.subscription.create)).toMatchObject({ status: 409, body: { message: SubscriptionMessages.alreadyActive } });
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { api, subscriptionId } = await subscriber('forged');
    const { payload } = signedStripeEvent(await invoicePaid(subscriptionId), settings.STRIPE_WEBHOOK_SECRET);
    const forged = signedStripeEvent(JSON.parse(payload), 'whsec_not_the_stacks').signature;
    for (const signature of [forged, undefined]) {
      const res = await postWebhook(payload, signature);
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { message: SubscriptionMessages.webhookSignatureInvalid } });
    }
    expect(okBody(await api.call(httpContract.subscription.status)).status).toBe('trial');
  });
});

describe('POST /api/cancel-subscription', () => {
  it('cancels at period end, keeping access; Stripe deleting it at the end gates the account at once', async () => {
    const { api, subscriptionId } = await subscriber('cancel');
    await deliver(await invoicePaid(subscriptionId));
    const periodEnd = new Date((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0].current_period_end * 1000).toISOString();
    expect(await api.call(httpContract.subscription.cancel)).toMatchObject({ status: 200, body: { status: 'canceled', daysLeft: 30, subscriptionEndsAt: periodEnd } });
    expect((await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild' } })).status).toBe(201);
    const ended = await stripe.subscriptions.cancel(subscriptionId);
    await deliver(stripeEvent('customer.subscription.deleted', ended));
    expect((await api.call(httpContract.subscription.status)).body).toMatchObject({ status: 'expired', daysLeft: 0 });
    expect(await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild' } })).toMatchObject({ status: 402, body: { message: SubscriptionMessages.expiredGated } });
  });

  it('answers 404 to someone in trial', async () => {
    const { api } = await registerUser('nocancel');
    expect(await api.call(httpContract.subscription.cancel)).toMatchObject({ status: 404, body: { message: SubscriptionMessages.noSubscription } });
  });
});

describe('gating of an expired account', () => {
  let api: ApiSession;
  let mealId: number;
  let symptomId: number;
  beforeAll(async () => {
    const person = await registerUser('expired');
    api = person.api;
    mealId = okBody(await api.call(httpContract.meals.create, { body: { mealType: 'lunch', name: 'Rice', timestamp: new Date().toISOString() } })).id;
    symptomId = okBody(await api.call(httpContract.symptoms.log, { body: { symptomType: 'pain', severity: 'mild' } })).id;
    // The trial runs out (time passing, not a request through the gateway): the gate sees it once the status it
    // cached for the creates above is older than its 5 seconds.
    await db.query("UPDATE identity.subscriptions SET ends_at = now() - interval '1 day' WHERE user_id = $1", [person.user.id]);
    await new Promise((resolve) => setTimeout(resolve, 5_100));
  });

  it('answers 402 with the message the app shows to creating or correcting meals and symptoms, insights and AI search', async () => {
    const gated = [
      await api.call(httpContract.meals.create, { body: { mealType: 'dinner', name: 'Soup', timestamp: new Date().toISOString() } }),
      await api.call(httpContract.meals.addFood, { params: { id: mealId }, body: { foodId: 1, quantity: 1, servingUnit: 'serving' } }),
      await api.call(httpContract.meals.update, { params: { id: mealId }, body: { name: 'Rice bowl' } }),
      await api.call(httpContract.meals.updateFood, { params: { id: mealId, entryId: 1 }, body: { quantity: 2, servingUnit: 'serving' } }),
      await api.call(httpContract.meals.complete, { params: { id: mealId } }),
      await api.call(httpContract.meals.repeat, { params: { id: mealId }, body: {} }),
      await api.call(httpContract.symptoms.log, { body: { symptomType: 'gas', severity: 'mild' } }),
      await api.call(httpContract.symptoms.update, { params: { id: symptomId }, body: { severity: 'severe' } }),
      await api.call(httpContract.insights.activity, { query: { period: '7' } }),
      await api.call(httpContract.insights.correlation, { query: { period: '7' } }),
      await api.call(httpContract.foods.aiSearch, { body: { query: 'banana' } }),
      await api.call(httpContract.foods.backgroundSearch, { body: { query: 'banana' } }),
    ];
    expect(gated.map(({ status, body }) => ({ status, body }))).toEqual(gated.map(() => ({ status: 402, body: { message: SubscriptionMessages.expiredGated } })));
  });

  it('keeps reading and deleting one’s own data open', async () => {
    expect((await api.call(httpContract.subscription.status)).body).toMatchObject({ status: 'expired', daysLeft: 0 });
    expect(okBody(await api.call(httpContract.meals.list)).map((meal: { id: number }) => meal.id)).toEqual([mealId]);
    expect((await api.call(httpContract.meals.get, { params: { id: mealId } })).status).toBe(200);
    expect((await api.call(httpContract.symptoms.list)).status).toBe(200);
    expect((await api.call(httpContract.symptoms.remove, { params: { id: symptomId } })).status).toBe(200);
    expect((await api.call(httpContract.meals.remove, { params: { id: mealId } })).status).toBe(200);
  });
});
