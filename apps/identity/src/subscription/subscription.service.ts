import { CreateSubscriptionReply, DomainEvents, IDENTITY, Messages, SubscriptionMessages, SubscriptionStatus } from '@fodmap/contracts';
import { CommandHandler, EventStore, rpcFailure } from '@fodmap/server';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { userStream } from '../users/user.decider';
import { STRIPE_BILLING, StripeBilling } from './stripe-billing';
import { StripeSubscriptionChange, subscriptionChangeOf } from './stripe-event';
import { SubscriptionEntity } from './subscription.entity';
import { SubscriptionRow, subscriptionDecider } from './subscription.decider';
import { subscriptionStatusAt, trialEndsAt } from './subscription-status';

/** What the Payment Element needs of the subscription's first invoice (API 2025-03-31 on: confirmation_secret). */
const FIRST_PAYMENT = ['latest_invoice.confirmation_secret'];

/** Thrown inside the append's transaction to roll it back: the Stripe event was applied before. */
class NotApplied extends Error {}

@Injectable()
export class SubscriptionService {
  private readonly logger = new Logger(SubscriptionService.name);
  private readonly commands: CommandHandler<DomainEvents[typeof IDENTITY]>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    events: EventStore<DomainEvents[typeof IDENTITY]>,
    @Inject(STRIPE_BILLING) private readonly billing: StripeBilling | null,
  ) {
    this.commands = new CommandHandler(events);
  }

  /** Runs inside the registration's transaction, so no user exists without a subscription row. */
  async startTrial(manager: EntityManager, userId: number, registeredAt: Date): Promise<void> {
    await manager.insert(SubscriptionEntity, { userId, status: 'trial', endsAt: trialEndsAt(registeredAt) });
  }

  async statusOf(userId: number): Promise<SubscriptionStatus> {
    const subscription = await this.row(userId);
    return { ...subscriptionStatusAt(subscription, new Date()), paymentsAvailable: this.billing !== null };
  }

  /**
   * Creates (or reuses) the person's Stripe customer and a subscription left incomplete until the Payment Element pays
   * its first invoice; a still incomplete one is reused, so pressing Subscribe twice never bills twice.
   */
  async create(userId: number): Promise<CreateSubscriptionReply> {
    const billing = this.requireBilling();
    const row = await this.row(userId);
    const { status } = subscriptionStatusAt(row, new Date());
    if (status === 'active' || status === 'canceled') throw rpcFailure(409, SubscriptionMessages.alreadyActive);
    if (row.stripeSubscriptionId) {
      const existing = await billing.client.subscriptions.retrieve(row.stripeSubscriptionId, { expand: FIRST_PAYMENT });
      // An unpaid first invoice, or a renewal whose payment failed (past_due): the Payment Element pays that invoice.
      if (existing.status === 'incomplete' || status === 'past_due') return this.reply(billing, existing);
    }
    const customer = row.stripeCustomerId ?? (await this.createCustomer(billing, userId));
    const subscription = await billing.client.subscriptions.create({
      customer,
      items: [{ price: billing.priceId }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: FIRST_PAYMENT,
      metadata: { userId: String(userId) },
    });
    await this.subscriptions.update({ userId }, { stripeSubscriptionId: subscription.id });
    return this.reply(billing, subscription);
  }

  /** Cancels at the end of the paid period: canceled (access kept) until subscriptionEndsAt, then expired. */
  async cancel(userId: number): Promise<SubscriptionStatus> {
    const billing = this.requireBilling();
    const row = await this.row(userId);
    const { status } = subscriptionStatusAt(row, new Date());
    if (!row.stripeCustomerId || !row.stripeSubscriptionId || (status !== 'active' && status !== 'past_due')) {
      throw rpcFailure(404, SubscriptionMessages.noSubscription);
    }
    const updated = await billing.client.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: true });
    const periodEnd = updated.items.data[0]?.current_period_end;
    // Stripe's webhook for this update follows; the request's id stands in for its event id so the answer is current
    // now. Whole seconds, as Stripe's `created`: an event Stripe creates in this same second still applies after it.
    const createdAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    await this.apply(
      { customerId: row.stripeCustomerId, status: 'canceled', periodEnd: periodEnd === undefined ? null : new Date(periodEnd * 1000), createdAt },
      updated.lastResponse.requestId,
    );
    return this.statusOf(userId);
  }

  /** Verifies Stripe's signature over the raw body, then applies the event once, and never an older one over a newer. */
  async handleWebhook(payload: string, signature: string): Promise<{ received: true }> {
    const billing = this.requireBilling();
    let event: Stripe.Event;
    try {
      event = billing.client.webhooks.constructEvent(payload, signature, billing.webhookSecret);
    } catch (error) {
      this.logger.warn(`Stripe webhook refused: ${(error as Error).message}`);
      throw rpcFailure(400, SubscriptionMessages.webhookSignatureInvalid);
    }
    const change = subscriptionChangeOf(event);
    if (change) await this.apply(change, event.id);
    return { received: true };
  }

  /**
   * Stores the change and its SubscriptionChanged event in one transaction, decided on the row (`subscriptionDecider`:
   * never an older Stripe event over a newer one). The Stripe event's id is recorded in the same transaction: a replay
   * finds it and rolls back.
   */
  private async apply(change: StripeSubscriptionChange, stripeEventId: string): Promise<void> {
    const row = await this.subscriptions.findOneBy({ stripeCustomerId: change.customerId });
    if (!row) return void this.logger.warn(`Stripe event ${stripeEventId} names customer ${change.customerId}, who is no one here`);
    const { userId } = row;
    const command = { type: 'ApplyStripeChange', change, stripeEventId } as const;
    const stateStore = {
      load: () => this.subscriptions.findOneBy({ userId }),
      save: async (manager: EntityManager, state: SubscriptionRow) => {
        if (state === null) return;
        await manager.update(SubscriptionEntity, { userId }, { status: state.status, endsAt: state.endsAt, stripeChangedAt: change.createdAt });
      },
    };
    await this.commands
      .handleStateStored(subscriptionDecider, userStream(userId), command, stateStore, {
        userId,
        before: async (manager) => {
          const fresh: unknown[] = await manager.query('INSERT INTO identity.stripe_events (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id', [stripeEventId]);
          if (fresh.length === 0) throw new NotApplied();
        },
      })
      .catch((error: unknown) => {
        if (!(error instanceof NotApplied)) throw error;
      });
  }

  /** Stripe's idempotency key makes a retried or concurrent first Subscribe create one customer, not two. */
  private async createCustomer(billing: StripeBilling, userId: number): Promise<string> {
    const [user]: Array<{ email: string; name: string }> = await this.dataSource.query(
      `SELECT email, first_name || ' ' || last_name AS name FROM identity.users WHERE id = $1`,
      [userId],
    );
    const customer = await billing.client.customers.create({ email: user.email, name: user.name, metadata: { userId: String(userId) } }, { idempotencyKey: `customer-of-user-${userId}` });
    await this.subscriptions.update({ userId }, { stripeCustomerId: customer.id });
    return customer.id;
  }

  private reply(billing: StripeBilling, subscription: Stripe.Subscription): CreateSubscriptionReply {
    const invoice = subscription.latest_invoice;
    const clientSecret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) throw new Error(`Stripe subscription ${subscription.id} came without its first payment's client secret`);
    return { clientSecret, subscriptionId: subscription.id, publishableKey: billing.publishableKey };
  }

  private requireBilling(): StripeBilling {
    if (!this.billing) throw rpcFailure(503, SubscriptionMessages.notConfigured);
    return this.billing;
  }

  private async row(userId: number): Promise<SubscriptionEntity> {
    const subscription = await this.subscriptions.findOneBy({ userId });
    if (!subscription) throw rpcFailure(401, Messages.unauthorized);
    return subscription;
  }
}
