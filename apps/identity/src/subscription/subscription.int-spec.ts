import { Rpc, SubscriptionMessages } from '@fodmap/contracts';
import { FakeStripe } from '@fodmap/testing';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityUnderTest } from '../testing/identity-fixtures';

const stripe = new FakeStripe();
beforeAll(() => stripe.start());
afterAll(() => stripe.stop());
const identity = identityUnderTest(() => stripe.env());

let people = 0;
async function signUp(): Promise<{ caller: { userId: number; timeZone: string }; email: string }> {
  const email = `subscriber${++people}.${Date.now()}@example.com`;
  const user = await identity.services.call(Rpc.identity.register, { input: { email, password: 'correct horse', firstName: 'Sam', lastName: 'Payer' } });
  return { caller: { userId: user.id, timeZone: 'UTC' }, email };
}
const status = (caller: { userId: number; timeZone: string }) => identity.services.call(Rpc.identity.subscriptionStatus, { caller });
const deliver = (event: Stripe.Event) => identity.services.call(Rpc.identity.stripeWebhook, stripe.signed(event));
const changes = (userId: number) =>
  identity.sql<{ data: { status: string; stripeEventId: string } }>("SELECT data FROM identity.events WHERE stream_id = $1 AND type = 'SubscriptionChanged' ORDER BY stream_version", [`user-${userId}`]);

/** A person who has pressed Subscribe: a Stripe customer and an incomplete subscription. */
async function subscribing() {
  const person = await signUp();
  const reply = await identity.services.call(Rpc.identity.createSubscription, { caller: person.caller });
  return { ...person, reply, subscriptionId: reply.subscriptionId };
}

describe('create-subscription', () => {
  it('creates a Stripe customer and an incomplete subscription for the price, and answers what the Payment Element needs', async () => {
    const { caller, email, reply } = await subscribing();
    const stored = stripe.subscriptionOf(email);
    expect(stored).toMatchObject({ status: 'incomplete', price: stripe.priceId });
    expect(reply).toEqual({ clientSecret: stored.client_secret, subscriptionId: stored.id, publishableKey: stripe.publishableKey });
    expect(await identity.sql('SELECT stripe_customer_id, stripe_subscription_id FROM identity.subscriptions WHERE user_id = $1', [caller.userId])).toEqual([
      { stripe_customer_id: stored.customer, stripe_subscription_id: stored.id },
    ]);
    expect(await status(caller)).toMatchObject({ status: 'trial', daysLeft: 14, paymentsAvailable: true });
  });

  it('reuses the incomplete subscription and the customer when Subscribe is pressed again', async () => {
    const { caller, reply } = await subscribing();
    const customersBefore = stripe.customers.size;
    expect(await identity.services.call(Rpc.identity.createSubscription, { caller })).toEqual(reply);
    expect(stripe.customers.size).toBe(customersBefore);
  });

  it('refuses a second subscription once one is active', async () => {
    const { caller, subscriptionId } = await subscribing();
    await deliver(stripe.invoicePaid(subscriptionId));
    expect(await identity.services.failure(Rpc.identity.createSubscription, { caller })).toEqual({ status: 409, message: SubscriptionMessages.alreadyActive });
  });
});

describe('Stripe webhooks', () => {
  it('moves trial → active until the paid period ends on invoice.paid, recorded as SubscriptionChanged', async () => {
    const { caller, email, subscriptionId } = await subscribing();
    const paid = stripe.invoicePaid(subscriptionId);
    expect(await deliver(paid)).toEqual({ received: true });
    const periodEnd = new Date(stripe.subscriptionOf(email).current_period_end * 1000).toISOString();
    expect(await status(caller)).toEqual({ status: 'active', daysLeft: 30, subscriptionEndsAt: periodEnd, paymentsAvailable: true });
    expect(await changes(caller.userId)).toEqual([{ data: { userId: caller.userId, stripeEventId: paid.id, status: 'active', currentPeriodEnd: periodEnd } }]);
  });

  it('marks a failed renewal past_due, keeping access until the period end', async () => {
    const { caller, subscriptionId } = await subscribing();
    await deliver(stripe.invoicePaid(subscriptionId));
    const paidUntil = (await status(caller)).subscriptionEndsAt;
    await deliver(stripe.invoicePaymentFailed(subscriptionId));
    expect(await status(caller)).toMatchObject({ status: 'past_due', daysLeft: 30, subscriptionEndsAt: paidUntil });
    // /subscribe offers the payment form again: it pays the same subscription, no second one is created.
    const retry = await identity.services.call(Rpc.identity.createSubscription, { caller });
    expect(retry).toMatchObject({ subscriptionId, clientSecret: expect.stringMatching(/_secret_/) });
  });

  it('applies a replayed event once', async () => {
    const { caller, subscriptionId } = await subscribing();
    const paid = stripe.invoicePaid(subscriptionId);
    await deliver(paid);
    const failed = stripe.invoicePaymentFailed(subscriptionId);
    await deliver(failed);
    expect(await deliver(failed)).toEqual({ received: true });
    expect(await deliver(paid)).toEqual({ received: true });
    expect((await status(caller)).status).toBe('past_due');
    expect((await changes(caller.userId)).map(({ data }) => data.stripeEventId)).toEqual([paid.id, failed.id]);
  });

  it('does not move the state backwards for an older event delivered late', async () => {
    const { caller, subscriptionId } = await subscribing();
    const seconds = Math.floor(Date.now() / 1000);
    const paid = stripe.invoicePaid(subscriptionId, seconds - 60);
    const deleted = stripe.subscriptionDeleted(subscriptionId, seconds);
    await deliver(deleted);
    await deliver(paid);
    expect(await status(caller)).toMatchObject({ status: 'expired', daysLeft: 0 });
    expect((await changes(caller.userId)).map(({ data }) => data.status)).toEqual(['expired']);
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { caller, subscriptionId } = await subscribing();
    const { payload } = stripe.signed(stripe.invoicePaid(subscriptionId));
    const forged = stripe.signed(JSON.parse(payload), 'whsec_someone_else').signature;
    const refused = { status: 400, message: SubscriptionMessages.webhookSignatureInvalid };
    expect(await identity.services.failure(Rpc.identity.stripeWebhook, { payload, signature: forged })).toEqual(refused);
    expect(await identity.services.failure(Rpc.identity.stripeWebhook, { payload, signature: '' })).toEqual(refused);
    const tampered = stripe.signed(JSON.parse(payload));
    expect(await identity.services.failure(Rpc.identity.stripeWebhook, { payload: tampered.payload.replace('"paid"', '"void"'), signature: tampered.signature })).toEqual(refused);
    expect((await status(caller)).status).toBe('trial');
  });
});

describe('cancel-subscription', () => {
  it('cancels at period end: canceled with access until subscriptionEndsAt, then expired when Stripe deletes it', async () => {
    const { caller, email, subscriptionId } = await subscribing();
    await deliver(stripe.invoicePaid(subscriptionId));
    const canceled = await identity.services.call(Rpc.identity.cancelSubscription, { caller });
    const periodEnd = new Date(stripe.subscriptionOf(email).current_period_end * 1000).toISOString();
    expect(canceled).toEqual({ status: 'canceled', daysLeft: 30, subscriptionEndsAt: periodEnd, paymentsAvailable: true });
    expect(stripe.subscriptionOf(email).cancel_at_period_end).toBe(true);
    // Stripe's own update event for the cancel arrives after; it agrees and changes nothing the person sees.
    await deliver(stripe.subscriptionUpdated(subscriptionId));
    expect(await status(caller)).toEqual(canceled);
    await deliver(stripe.subscriptionDeleted(subscriptionId));
    expect(await status(caller)).toMatchObject({ status: 'expired', daysLeft: 0 });
  });

  it('expires a canceled subscription once its period has passed, even before Stripe says so', async () => {
    const { caller, subscriptionId } = await subscribing();
    await deliver(stripe.invoicePaid(subscriptionId));
    await identity.services.call(Rpc.identity.cancelSubscription, { caller });
    await identity.sql("UPDATE identity.subscriptions SET ends_at = now() - interval '1 minute' WHERE user_id = $1", [caller.userId]);
    expect(await status(caller)).toMatchObject({ status: 'expired', daysLeft: 0 });
  });

  it('answers 404 to someone with no paid subscription', async () => {
    const { caller } = await signUp();
    expect(await identity.services.failure(Rpc.identity.cancelSubscription, { caller })).toEqual({ status: 404, message: SubscriptionMessages.noSubscription });
  });
});
