import { Injectable } from '@nestjs/common';
import { User } from '@fodmap/contracts';
import { LRUCache } from 'lru-cache';

/** How long an account identity answered with is reused for `GET /api/auth/user`. */
export const ACCOUNT_CACHE_MS = 2_000;
/** A bound on memory, far above one replica's active people: the least recently used account goes first. */
const ACCOUNTS_KEPT = 10_000;

/**
 * The app asks for the signed-in account on every screen it opens; a phone opening a few screens in a row should not
 * cost a NATS round trip and a database read each time (measured by bench/gateway-overhead.mjs). Changes made through
 * this gateway replace or drop the entry at once; a change made elsewhere (another gateway replica, an operator) shows
 * within ACCOUNT_CACHE_MS. Decisions that must be current (the admin guard) never read it. Keyed by user id.
 */
@Injectable()
export class AccountCache extends LRUCache<number, User> {
  constructor() {
    super({ max: ACCOUNTS_KEPT, ttl: ACCOUNT_CACHE_MS });
  }

  remember(account: User): User {
    this.set(account.id, account);
    return account;
  }
}
