import { Injectable } from '@nestjs/common';
import { User } from '@fodmap/contracts';

/** How long an account identity answered with is reused for `GET /api/auth/user`. */
export const ACCOUNT_CACHE_MS = 2_000;
const MAX_ACCOUNTS = 10_000;

/**
 * The app asks for the signed-in account on every screen it opens; a phone opening a few screens in a row should not
 * cost a NATS round trip and a database read each time (measured by bench/gateway-overhead.mjs). Changes made through
 * this gateway replace or drop the entry at once; a change made elsewhere (another gateway replica, an operator) shows
 * within ACCOUNT_CACHE_MS. Decisions that must be current (the admin guard) never read it.
 */
@Injectable()
export class AccountCache {
  private readonly accounts = new Map<number, { account: User; until: number }>();

  get(userId: number): User | undefined {
    const entry = this.accounts.get(userId);
    if (entry && entry.until > Date.now()) return entry.account;
    if (entry) this.accounts.delete(userId);
    return undefined;
  }

  remember(account: User): User {
    if (this.accounts.size >= MAX_ACCOUNTS) this.accounts.clear();
    this.accounts.set(account.id, { account, until: Date.now() + ACCOUNT_CACHE_MS });
    return account;
  }

  forget(userId: number): void {
    this.accounts.delete(userId);
  }
}
