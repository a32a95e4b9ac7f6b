import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import Stripe from 'stripe';

const DAY_SECONDS = 24 * 60 * 60;
const PERIOD_SECONDS = 30 * DAY_SECONDS;

type Form = { [key: string]: string | Form };

/** Stripe's form encoding (`items[0][price]=x`, `expand[0]=y`) as nested objects; arrays come out keyed '0', '1'… */
function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = form;
    path.slice(0, -1).forEach((part) => (node = (node[part] ??= {}) as Form));
    node[path[path.length - 1]] = value;
  }
  return form;
}

const listOf = (value: string | Form | undefined): string[] => (value === undefined ? [] : typeof value === 'string' ? [value] : Object.values(value).filter((v): v is string => typeof v === 'string'));
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 24)}`;

/** An event as Stripe sends it; `created` (seconds) is what orders events. */
export function stripeEvent(type: string, object: object, created = now()): Stripe.Event {
  return { id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created, type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } } as unknown as Stripe.Event;
}

const signer = new Stripe('sk_test_signer').webhooks;

/** The raw body and its Stripe-Signature header, signed with `secret` by Stripe's real scheme. */
export function signedStripeEvent(event: Stripe.Event, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: signer.generateTestHeaderString({ payload, secret }) };
}

interface StoredSubscription {
  id: string;
  customer: string;
  price: string;
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  ended_at: number | null;
  latest_invoice: string;
  client_secret: string;
}

/**
 * A local stand-in for the part of Stripe's HTTP API that identity calls, so the real `stripe` client is what the tests
 * exercise (pointed here through STRIPE_API_URL): customers, subscriptions (created incomplete, their first invoice's
 * confirmation_secret when expanded), retrieve, cancel at period end, delete. It also signs webhook events with the
 * real scheme, as Stripe would deliver them.
 */
export class FakeStripe {
  readonly secretKey = 'sk_test_fake';
  readonly publishableKey = 'pk_test_fake';
  readonly webhookSecret = 'whsec_fake';
  readonly priceId = 'price_fake_monthly';
  readonly customers = new Map<string, { id: string; email: string; metadata: Form }>();
  readonly subscriptions = new Map<string, StoredSubscription>();
  /** Every request as the client sent it: method, path and form. */
  readonly requests: Array<{ method: string; path: string; form: Form }> = [];
  private readonly server: Server = createServer((req, res) => void this.handle(req, res));

  /** Listens on a free port of 127.0.0.1. */
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The STRIPE_* settings that point a service at this server. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_PRICE_ID: this.priceId,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_URL: this.url,
    };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server.listening ? this.server.close(() => resolve()) : resolve()));
  }

  /** The customer's subscription, by the customer's email. */
  subscriptionOf(email: string): StoredSubscription {
    const customer = [...this.customers.values()].find((c) => c.email === email);
    const subscription = [...this.subscriptions.values()].find((s) => s.customer === customer?.id);
    if (!subscription) throw new Error(`FakeStripe has no subscription for ${email}`);
    return subscription;
  }

  /** invoice.paid for the subscription's current period; the subscription becomes active (and a period starts). */
  invoicePaid(subscriptionId: string, created?: number): Stripe.Event {
    const subscription = this.subscription(subscriptionId);
    subscription.status = 'active';
    return stripeEvent('invoice.paid', this.invoice(subscription, 'paid'), created);
  }

  /** invoice.payment_failed for a renewal; the subscription becomes past_due. */
  invoicePaymentFailed(subscriptionId: string, created?: number): Stripe.Event {
    const subscription = this.subscription(subscriptionId);
    subscription.status = 'past_due';
    return stripeEvent('invoice.payment_failed', this.invoice(subscription, 'open'), created);
  }

  /** customer.subscription.updated with the subscription as it stands. */
  subscriptionUpdated(subscriptionId: string, created?: number): Stripe.Event {
    return stripeEvent('customer.subscription.updated', this.toSubscription(this.subscription(subscriptionId)), created);
  }

  /** customer.subscription.deleted: the period ended (or it was canceled at once). */
  subscriptionDeleted(subscriptionId: string, created?: number): Stripe.Event {
    const subscription = this.subscription(subscriptionId);
    subscription.status = 'canceled';
    subscription.ended_at = created ?? now();
    return stripeEvent('customer.subscription.deleted', this.toSubscription(subscription), created);
  }

  /** The raw body and its Stripe-Signature header, signed with the webhook secret by the real scheme. */
  signed(event: Stripe.Event, secret = this.webhookSecret): { payload: string; signature: string } {
    return signedStripeEvent(event, secret);
  }

  private subscription(id: string): StoredSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`FakeStripe has no subscription ${id}`);
    return subscription;
  }

  private invoice(subscription: StoredSubscription, status: 'paid' | 'open') {
    return {
      id: subscription.latest_invoice,
      object: 'invoice',
      customer: subscription.customer,
      status,
      confirmation_secret: { client_secret: subscription.client_secret, type: 'payment_intent' },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: {} }, quote_details: null },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${subscription.latest_invoice}/lines`,
        data: [{ id: newId('il'), object: 'line_item', period: { start: subscription.current_period_start, end: subscription.current_period_end }, pricing: { price_details: { price: subscription.price } } }],
      },
    };
  }

  private toSubscription(subscription: StoredSubscription, expand: string[] = []) {
    const { id, customer, status, cancel_at_period_end, ended_at, current_period_start, current_period_end, price, latest_invoice } = subscription;
    return {
      id,
      object: 'subscription',
      customer,
      status,
      cancel_at_period_end,
      ended_at,
      cancel_at: subscription.cancel_at_period_end ? current_period_end : null,
      items: { object: 'list', has_more: false, data: [{ id: newId('si'), object: 'subscription_item', price: { id: price, object: 'price' }, current_period_start, current_period_end }] },
      latest_invoice: expand.some((path) => path.startsWith('latest_invoice')) ? this.invoice(subscription, 'open') : latest_invoice,
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', this.url);
    const form = parseForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : body);
    this.requests.push({ method: req.method ?? '', path: url.pathname, form });
    const send = (status: number, payload: object) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, message: string, type = 'invalid_request_error') => send(status, { error: { type, message } });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) return error(401, 'Invalid API Key provided', 'authentication_error');

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = { id: newId('cus'), email: String(form.email ?? ''), metadata: (form.metadata as Form) ?? {} };
      this.customers.set(customer.id, customer);
      return send(200, { ...customer, object: 'customer' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
      const customer = String(form.customer ?? '');
      const price = ((form.items as Form | undefined)?.['0'] as Form | undefined)?.price;
      if (!this.customers.has(customer)) return error(400, `No such customer: '${customer}'`);
      if (typeof price !== 'string' || price !== this.priceId) return error(400, `No such price: '${String(price)}'`);
      const start = now();
      const subscription: StoredSubscription = {
        id: newId('sub'),
        customer,
        price,
        status: form.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
        cancel_at_period_end: false,
        current_period_start: start,
        current_period_end: start + PERIOD_SECONDS,
        ended_at: null,
        latest_invoice: newId('in'),
        client_secret: `${newId('pi')}_secret_${randomUUID().slice(0, 8)}`,
      };
      this.subscriptions.set(subscription.id, subscription);
      return send(200, this.toSubscription(subscription, listOf(form.expand)));
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    const subscription = match ? this.subscriptions.get(match[1]) : undefined;
    if (match && !subscription) return error(404, `No such subscription: '${match[1]}'`);
    if (subscription && req.method === 'GET') return send(200, this.toSubscription(subscription, listOf(form.expand)));
    if (subscription && req.method === 'POST') {
      if (form.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
      return send(200, this.toSubscription(subscription, listOf(form.expand)));
    }
    if (subscription && req.method === 'DELETE') {
      subscription.status = 'canceled';
      subscription.ended_at = now();
      return send(200, this.toSubscription(subscription));
    }
    error(404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  }
}
