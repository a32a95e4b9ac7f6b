import { Injectable } from '@nestjs/common';
import { SubscriptionStatus } from '@fodmap/contracts';

/** How long the gate reuses a person's subscription status. */
export const SUBSCRIPTION_STATUS_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * The gate asks for the status before every gated write; a person logging a meal with its foods makes several in a
 * row, which should not each cost a NATS round trip. A cancel through this gateway replaces the person's entry and a
 * Stripe webhook drops them all (its payload is identity's to read), so a change shows at once here and within
 * SUBSCRIPTION_STATUS_CACHE_MS on another replica.
 */
@Injectable()
export class SubscriptionStatusCache {
  private readonly statuses = new Map<number, { status: SubscriptionStatus; until: number }>();

  get(userId: number): SubscriptionStatus | undefined {
    const entry = this.statuses.get(userId);
    if (entry && entry.until > Date.now()) return entry.status;
    if (entry) this.statuses.delete(userId);
    return undefined;
  }

  remember(userId: number, status: SubscriptionStatus): SubscriptionStatus {
    if (this.statuses.size >= MAX_ENTRIES) this.statuses.clear();
    this.statuses.set(userId, { status, until: Date.now() + SUBSCRIPTION_STATUS_CACHE_MS });
    return status;
  }

  forgetAll(): void {
    this.statuses.clear();
  }
}
