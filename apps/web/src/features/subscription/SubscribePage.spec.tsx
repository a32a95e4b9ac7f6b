import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { CreateSubscriptionReply, SubscriptionStatus } from '@fodmap/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { loadToastSnackbar } from '@fodmap/web-ui';
import { App } from '../../App';
import { fakeApi, json, requests } from '../../test-kit';

const ENDS_AT = '2030-03-15T12:00:00.000Z';
const endsOn = new Date(ENDS_AT).toLocaleDateString();
const status = (overrides: Partial<SubscriptionStatus>): SubscriptionStatus => ({
  status: 'trial',
  daysLeft: 9,
  subscriptionEndsAt: ENDS_AT,
  paymentsAvailable: true,
  ...overrides,
});
const created: CreateSubscriptionReply = { clientSecret: 'pi_1_secret_2', subscriptionId: 'sub_1', publishableKey: 'pk_test_fake' };

/**
 * Stripe.js as the page loads it (window.Stripe), standing in for the script from js.stripe.com so nothing leaves the
 * machine: its Payment Element mounts an empty box and confirmPayment answers as the test says. @stripe/stripe-js
 * keeps the first window.Stripe it finds for the whole file, so that one hands out each test's own instance.
 */
let currentStripe: unknown = null;
const stripeFactory = jest.fn<(publishableKey: string) => unknown>(() => currentStripe);

function fakeStripeJs(confirmPayment: () => Promise<{ error?: { message?: string } }>) {
  const element = { mount: jest.fn(), on: jest.fn(), off: jest.fn(), destroy: jest.fn(), update: jest.fn() };
  const elements = jest.fn((_options: object) => ({ create: jest.fn(() => element), update: jest.fn(), getElement: jest.fn() }));
  const stripe = {
    elements,
    confirmPayment: jest.fn<(options: object) => Promise<{ error?: { message?: string } }>>(confirmPayment),
    createToken: jest.fn(),
    createPaymentMethod: jest.fn(),
    confirmCardPayment: jest.fn(),
    registerAppInfo: jest.fn(),
    _registerWrapper: jest.fn(),
  };
  currentStripe = stripe;
  stripeFactory.mockClear();
  return { stripe, elements };
}

/** The gateway: Ann signed in (or not), her status in turn from `statuses` (the last one repeats). */
function subscriptionApi(statuses: SubscriptionStatus[], { signedIn = true, create = () => json(200, created), cancel = () => json(200, {}) } = {}) {
  let reads = 0;
  return fakeApi((path, init) => {
    if (path === '/api/auth/user' && !signedIn) return json(401, { message: 'Unauthorized' });
    if (path === '/api/subscription-status') return json(200, statuses[Math.min(reads++, statuses.length - 1)]);
    if (path === '/api/create-subscription' && init?.method === 'POST') return create();
    if (path === '/api/cancel-subscription' && init?.method === 'POST') return cancel();
    return undefined;
  });
}

function openAt(path: string) {
  window.history.pushState({}, '', path);
  render(<App />);
}

beforeAll(() => {
  (window as unknown as { Stripe: unknown }).Stripe = Object.assign(stripeFactory, { version: 'endive' });
  return Promise.all([import('./SubscribePage'), import('./PaymentForm'), loadToastSnackbar()]);
});
beforeEach(() => sessionStorage.setItem('hasSeenStartPage', 'true'));
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
  jest.useRealTimers();
  sessionStorage.clear();
  currentStripe = null;
});

describe('/subscribe (spec §2, issue 11)', () => {
  it('asks a signed-out visitor to log in', async () => {
    subscriptionApi([status({})], { signedIn: false });
    openAt('/subscribe');
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
  });

  it('shows a spinner while the status is on its way', async () => {
    fakeApi((path) => (path === '/api/subscription-status' ? new Promise<Response>(() => undefined) : undefined));
    openAt('/subscribe');
    expect(await screen.findByRole('status')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Loading'));
  });

  it("says You're Subscribed! with the renewal date, and cancels after asking once more", async () => {
    const fetchMock = subscriptionApi([status({ status: 'active', daysLeft: 30 }), status({ status: 'canceled', daysLeft: 30 })]);
    openAt('/subscribe');
    expect(await screen.findByRole('heading', { name: "You're Subscribed!" })).toBeTruthy();
    expect(screen.getByText(`Your subscription renews on ${endsOn}.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel your subscription? You keep access until the end of the period you paid for.')).toBeTruthy();
    expect(requests(fetchMock)).not.toContain('POST /api/cancel-subscription');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));

    expect(await screen.findByRole('heading', { name: 'Your subscription will not renew.' })).toBeTruthy();
    expect(screen.getByText(`Your subscription ends on ${endsOn}.`)).toBeTruthy();
    expect(requests(fetchMock).filter((request) => request === 'POST /api/cancel-subscription')).toHaveLength(1);
  });

  it('keeps the subscription when the person changes their mind', async () => {
    const fetchMock = subscriptionApi([status({ status: 'active', daysLeft: 30 })]);
    openAt('/subscribe');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep Subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests(fetchMock)).not.toContain('POST /api/cancel-subscription');
  });

  it('shows the server’s words when a cancel fails', async () => {
    subscriptionApi([status({ status: 'active', daysLeft: 30 })], { cancel: () => json(409, { message: 'You have no subscription to cancel.' }) });
    openAt('/subscribe');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('You have no subscription to cancel.')).toBeTruthy();
  });

  it('says when the payment service is not set up yet, with the trial days left and a way back', async () => {
    const fetchMock = subscriptionApi([status({ daysLeft: 9, paymentsAvailable: false })]);
    openAt('/subscribe');
    expect(await screen.findByRole('heading', { name: 'Subscription Service' })).toBeTruthy();
    expect(screen.getByText('Our subscription service is currently being set up.')).toBeTruthy();
    expect(screen.getByText('You have 9 days left in your free trial')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to App' }).getAttribute('href')).toBe('/dashboard');
    expect(requests(fetchMock)).not.toContain('POST /api/create-subscription');
  });

  it('creates the subscription, confirms the payment in the Payment Element and waits until it is active', async () => {
    const { stripe, elements } = fakeStripeJs(async () => ({}));
    const fetchMock = subscriptionApi([status({}), status({}), status({ status: 'active', daysLeft: 30 })]);
    openAt('/subscribe');
    expect(await screen.findByText('You have 9 days left in your free trial')).toBeTruthy();
    const pay = await screen.findByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(stripeFactory).toHaveBeenCalledWith('pk_test_fake');
    expect(elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_1_secret_2' }));

    fireEvent.click(pay);
    expect(await screen.findByRole('heading', { name: "You're Subscribed!" }, { timeout: 5000 })).toBeTruthy();
    expect(stripe.confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required', confirmParams: { return_url: 'http://localhost/subscribe' } }));
    expect(requests(fetchMock)).toContain('POST /api/create-subscription');
  }, 10000);

  it('shows why a card was refused and stays on the form', async () => {
    fakeStripeJs(async () => ({ error: { message: 'Your card was declined.' } }));
    subscriptionApi([status({})]);
    openAt('/subscribe');
    const pay = await screen.findByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(pay);
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('asks a past-due subscriber to pay again, with the payment form', async () => {
    fakeStripeJs(async () => ({}));
    subscriptionApi([status({ status: 'past_due', daysLeft: 5 })]);
    openAt('/subscribe');
    expect(await screen.findByText('Your last payment failed. Please update your payment method to keep your subscription.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('shows the server’s message when the subscription cannot be created', async () => {
    subscriptionApi([status({})], { create: () => json(503, { message: 'Subscriptions are not available yet: the payment service is not configured.' }) });
    openAt('/subscribe');
    expect(await screen.findByText('Subscriptions are not available yet: the payment service is not configured.')).toBeTruthy();
  });
});
