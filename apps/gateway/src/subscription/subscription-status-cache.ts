import { Injectable } from '@nestjs/common';
import { SubscriptionStatus } from '@fodmap/contracts';
import { LRUCache } from 'lru-cache';

/** How long the gate reuses a person's subscription status. */
export const SUBSCRIPTION_STATUS_CACHE_MS = 5_000;
/** A bound on memory, far above one replica's active people: the least recently used status goes first. */
const STATUSES_KEPT = 10_000;

/**
 * The gate asks for the status before every gated write; a person logging a meal with its foods makes several in a
 * row, which should not each cost a NATS round trip. A cancel through this gateway replaces the person's entry and a
 * Stripe webhook drops them all (its payload is identity's to read), so a change shows at once here and within
 * SUBSCRIPTION_STATUS_CACHE_MS on another replica. Keyed by user id.
 */
@Injectable()
export class SubscriptionStatusCache extends LRUCache<number, SubscriptionStatus> {
  constructor() {
    super({ max: STATUSES_KEPT, ttl: SUBSCRIPTION_STATUS_CACHE_MS });
  }

  remember(userId: number, status: SubscriptionStatus): SubscriptionStatus {
    this.set(userId, status);
    return status;
  }
}
